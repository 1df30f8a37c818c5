/**
 * A refusal the client is meant to see, said in domain terms. Services and routes throw these;
 * http/errors.ts is the one place that turns a kind into an HTTP status and a JSON body, so no
 * service knows about HTTP.
 */
export type DomainErrorKind =
  /** The request cannot be done as asked: bad input, unknown currency, not enough funds. */
  | 'invalid'
  /** Who is asking is unknown or no longer exists. */
  | 'unauthenticated'
  /** Known caller, refused: passcode required, wrong or blocked. */
  | 'forbidden'
  | 'not_found'
  /** Clashes with what is stored: taken e-mail, reused idempotency key, passcode already set. */
  | 'conflict'
  /** Refused for now; `waitSeconds` says for how long. */
  | 'too_many_attempts'
  /** A provider we depend on refuses for now (payouts temporarily unavailable); nothing was done. */
  | 'unavailable'
  /** Our fault, but with a stable code the client routes on. */
  | 'failed';

export interface DomainErrorDetails {
  /** The request field at fault, as a dotted path. */
  field?: string;
  waitSeconds?: number;
  /** Wrong passcodes left before the next wait or the block. */
  attemptsLeft?: number;
  /** PASSCODE_RESET_HOLD: when money may leave the account again (ISO 8601). */
  holdUntil?: string;
}

export class DomainError extends Error {
  readonly field?: string;
  readonly waitSeconds?: number;
  readonly attemptsLeft?: number;
  readonly holdUntil?: string;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
    if (details.field !== undefined) this.field = details.field;
    if (details.waitSeconds !== undefined) this.waitSeconds = details.waitSeconds;
    if (details.attemptsLeft !== undefined) this.attemptsLeft = details.attemptsLeft;
    if (details.holdUntil !== undefined) this.holdUntil = details.holdUntil;
  }
}

/** The most common refusal: 'invalid' with the offending field. */
export const invalid = (code: string, message: string, field?: string) =>
  new DomainError('invalid', code, message, field === undefined ? {} : { field });
