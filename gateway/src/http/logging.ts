import type { FastifyServerOptions } from 'fastify';

/**
 * What the gateway writes to its log must never carry a secret a request brought: passwords,
 * passcodes (the `pincode` header), tokens, card numbers, nor the parameters of a failed SQL statement (a
 * DrizzleQueryError's message and `params` hold every bound value: password hashes, e-mails, codes).
 */
export const REDACTED = '[redacted]';

/** Header and body paths pino blanks wherever a log line carries a request. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.pincode',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'headers.authorization',
  'headers.pincode',
  'headers.cookie',
  '*.password',
  '*.pinCode',
  '*.pincode',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.ticket',
  '*.confirmationCode',
  '*.oneTimeCode',
  '*.initData',
  '*.tgCode',
  // A sell to a new card carries the full card number: never written, wherever a body is logged.
  'card',
  '*.card',
  'req.body.card',
  'request.body.card',
];

const FAILED_QUERY = /^(Failed query: [\s\S]*?)\nparams: [\s\S]*$/;

interface QueryErrorLike {
  message?: unknown;
  params?: unknown;
  query?: unknown;
  cause?: unknown;
}

/** An error as logged: SQL kept (it names what failed), bound values dropped, causes likewise. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & QueryErrorLike;
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack,
  };
  for (const [key, value] of Object.entries(err)) if (!(key in out) && key !== 'cause') out[key] = value;
  if (typeof out.message === 'string') out.message = out.message.replace(FAILED_QUERY, `$1\nparams: ${REDACTED}`);
  if (typeof out.stack === 'string') out.stack = out.stack.replace(/\nparams: [^\n]*/, `\nparams: ${REDACTED}`);
  if (e.params !== undefined) out.params = REDACTED;
  // PostgreSQL's own error may quote the offending value in `detail` ("Key (email)=(…) already exists").
  if (typeof out.detail === 'string') out.detail = REDACTED;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The app's logger options with the redaction above, whatever the caller passed. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  const serializers = (base as { serializers?: Record<string, unknown> }).serializers ?? {};
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { ...serializers, err: serializeError },
  } as FastifyServerOptions['logger'];
}
