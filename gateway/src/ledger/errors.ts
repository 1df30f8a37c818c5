export type LedgerErrorCode =
  | 'INSUFFICIENT_FUNDS'
  | 'ACCOUNT_NOT_FOUND'
  | 'CURRENCY_MISMATCH'
  | 'INVALID_AMOUNT'
  | 'IDEMPOTENCY_CONFLICT'
  | 'HOLD_NOT_FOUND'
  | 'HOLD_ALREADY_RESOLVED';

/** A refusal by the ledger, with a stable code callers map to a 4xx. */
export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

interface PgErrorLike {
  code?: string;
  message?: string;
  constraint?: string;
  constraint_name?: string;
  cause?: unknown;
}

/** node-postgres and PGlite errors, possibly wrapped by drizzle's DrizzleQueryError. */
export function pgErrorOf(err: unknown): PgErrorLike | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as PgErrorLike;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    current = e.cause;
  }
  return undefined;
}

/** SQLSTATEs the ledger functions raise (migration 0011_ledger_functions.sql), message included. */
const LEDGER_STATES: Readonly<Record<string, LedgerErrorCode>> = {
  LD002: 'ACCOUNT_NOT_FOUND',
  LD003: 'CURRENCY_MISMATCH',
  LD004: 'INVALID_AMOUNT',
  LD005: 'IDEMPOTENCY_CONFLICT',
  LD006: 'HOLD_NOT_FOUND',
  LD007: 'HOLD_ALREADY_RESOLVED',
};

/**
 * The ledger functions' refusals and the database's CHECKs (authoritative for overdraft) surface as
 * the same typed errors the callers map to 4xx.
 */
export function translateDbError(err: unknown): unknown {
  if (err instanceof LedgerError) return err;
  const pg = pgErrorOf(err);
  const refused = pg?.code ? LEDGER_STATES[pg.code] : undefined;
  if (refused) return new LedgerError(refused, pg!.message ?? refused);
  const constraint = pg?.constraint ?? pg?.constraint_name ?? '';
  if (pg?.code === '23514' && constraint === 'ledger_accounts_no_overdraft') {
    return new LedgerError('INSUFFICIENT_FUNDS', 'The account cannot cover this amount');
  }
  if (pg?.code === '23514' && constraint === 'ledger_accounts_non_negative') {
    return new LedgerError('INVALID_AMOUNT', 'The transfer would make an account total negative');
  }
  return err;
}
