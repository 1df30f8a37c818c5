/**
 * What a failed API call leaves for the screens to render (spec §8: the server's code and message),
 * one shape for every money flow and the address book. Machines see only the shape the transport
 * threw (`{ status, code, message }` from src/api), never its classes.
 */
export type Failure = { code: string; message: string };

/** A flow's own code for an answer that carried only a status (the address book's 404 is NOT_FOUND). */
export type StatusCodes = Readonly<Partial<Record<number, string>>>;

type ErrorShape = { code?: unknown; message?: unknown; status?: unknown };

/**
 * The server's code when it sent one; else the flow's code for the status, else `HTTP_<status>`
 * (a proxy's 502 has no body); else UNKNOWN (a network error, a thrown string, nothing at all).
 */
export function failureOf(error: unknown, byStatus: StatusCodes = {}): Failure {
  const e: ErrorShape = typeof error === 'object' && error !== null ? error : {};
  const status = typeof e.status === 'number' ? e.status : null;
  const code =
    typeof e.code === 'string' && e.code !== ''
      ? e.code
      : status !== null
        ? (byStatus[status] ?? `HTTP_${status}`)
        : 'UNKNOWN';
  return { code, message: typeof e.message === 'string' ? e.message : '' };
}

/** The failure an `xstate.error.actor.*` event carries (other events carry none: UNKNOWN). */
export const failureOfEvent = (event: { type: string } & { error?: unknown }, byStatus?: StatusCodes): Failure =>
  failureOf('error' in event ? event.error : null, byStatus);

/** The code alone, for guards (`failedWith(event) === 'PINCODE_REQUIRED'`). */
export const failedWith = (event: { type: string } & { error?: unknown }): string => failureOfEvent(event).code;
