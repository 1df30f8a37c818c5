import type { HTTPError } from 'ky';
import { appConfig } from '../config';
import { ApiError } from './errors';
import { lazyKy } from './lazyKy';
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
 * `isHTTPError` is ky's own guard, passed in so this module does not load ky at start-up.
 */
export function toApiError(error: Error, isHTTPError: (error: unknown) => error is HTTPError): Error {
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
 * The authenticated client (bearer token, 401 re-authentication) extends this one.
 * ky itself loads with the first request (see lazyKy.ts), after the first screen has painted when the
 * start holds the calls for it (callGate.ts).
 */
export const publicHttp = lazyKy(() =>
  callGate
    .passed()
    .then(() => import('ky'))
    .then(({ default: ky, isHTTPError }) =>
      ky.create({
        prefix: appConfig.apiUrl,
        credentials: 'include',
        mode: 'cors',
        timeout: 15000,
        retry: { limit: 2, methods: ['get'] },
        hooks: { beforeError: [({ error }) => toApiError(error, isHTTPError)] },
      }),
    ),
);
