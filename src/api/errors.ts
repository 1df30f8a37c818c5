/** Every failed call becomes this shape, so machines see `{ code, message }` whatever the transport said. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** B2C_USM0030: seconds before the passcode may be entered again. */
    readonly waitSeconds?: number,
    /** B2C_USM0031: wrong tries left before the next wait (or the block). */
    readonly attemptsLeft?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
