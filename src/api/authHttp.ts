import ky, { isForceRetryError, type KyInstance } from 'ky';

/**
 * What the authenticated client needs from the session (spec §7, the 401 rule). src/app/sessionPort.ts
 * implements it over the session actor; the HTTP layer knows nothing of machines.
 */
export type SessionPort = {
  accessToken(): string | null;
  /** Renews the session after a 401 on `rejected`; resolves with the new token, or null when it ended. */
  renew(rejected: string | null): Promise<string | null>;
  signOutSilently(): void;
};

const RENEWED = 'TOKEN_RENEWED';

/**
 * Bearer token on every call; on a 401 the session re-authenticates (init data in the messenger,
 * silent sign-in outside) and the request is retried once; a second 401 signs out silently.
 */
export function createAuthHttp(base: KyInstance, session: SessionPort): KyInstance {
  // Keyed on ky's per-call options object: it survives retries, while the Request is cloned per attempt.
  const renewed = new WeakSet<object>();
  return base.extend({
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = session.accessToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      beforeRetry: [
        ({ request, options, error }) => {
          if (!isForceRetryError(error) || error.code !== RENEWED) return;
          renewed.add(options);
          const token = session.accessToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async ({ request, options, response }) => {
          if (response.status !== 401) return;
          if (renewed.has(options)) {
            session.signOutSilently();
            return;
          }
          const used = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
          const token = await session.renew(used);
          if (!token) return;
          return ky.retry({ code: RENEWED, delay: 0 });
        },
      ],
    },
  });
}
