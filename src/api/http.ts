import ky, { isHTTPError } from 'ky';
import { appConfig } from '../config';
import { ApiError } from './errors';
import { callGate } from './callGate';

type ErrorBody = {
  code?: string;
  message?: string;
  field?: string;
  error?: string;
  error_description?: string;
  waitSeconds?: number;
  attemptsLeft?: number;
};

/**
 * Gateway errors are `{ code, message, field?, waitSeconds?, attemptsLeft? }`; IdP errors are OAuth's `{ error, error_description }`.
 */
export function toApiError(error: Error): Error {
  if (!isHTTPError(error)) return error;
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as ErrorBody;
  return new ApiError(
    error.response.status,
    body.code ?? body.error ?? `HTTP_${error.response.status}`,
    body.message ?? body.error_description ?? error.message,
    body.field,
    typeof body.waitSeconds === 'number' ? body.waitSeconds : undefined,
    typeof body.attemptsLeft === 'number' ? body.attemptsLeft : undefined,
  );
}

/**
 * Public client: calls that need no token (sign-up, confirmation, reset, Telegram sign-in).
 * The authenticated client (bearer token, 401 re-authentication) extends this one. ky comes with the
 * signed-in chunk (and with the sign-in forms' and the Telegram sign-in's chunks); the first screen never
 * loads it. A start that holds the calls until its first paint (callGate.ts) holds them here.
 */
export const publicHttp = ky.create({
  prefix: appConfig.apiUrl,
  credentials: 'include',
  mode: 'cors',
  timeout: 15000,
  retry: { limit: 2, methods: ['get'] },
  hooks: {
    beforeRequest: [() => callGate.passed()],
    beforeError: [({ error }) => toApiError(error)],
  },
});
