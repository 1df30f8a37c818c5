import ky, { isForceRetryError, type KyInstance } from 'ky';
import { waitFor } from 'xstate';
import { publicHttp } from './http';
import { getSession } from '../auth/sessionRef';
import { selectAccessToken, selectSettled, selectSignedIn } from '../../machines/session.selectors';

/** What the authenticated client needs from the session (spec §7, the 401 rule). */
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

/** The live port: the session actor registered by src/app/live.ts. */
export const liveSessionPort: SessionPort = {
  accessToken: () => selectAccessToken(getSession().getSnapshot()),
  async renew(rejected) {
    const session = getSession();
    const current = selectAccessToken(session.getSnapshot());
    // Another request already renewed the session while this one was in flight.
    if (current && current !== rejected && selectSettled(session.getSnapshot())) return current;
    if (!selectSignedIn(session.getSnapshot())) return null;
    session.send({ type: 'token.rejected' });
    const settled = await waitFor(session, selectSettled, { timeout: 20000 });
    return selectSignedIn(settled) ? selectAccessToken(settled) : null;
  },
  signOutSilently: () => getSession().send({ type: 'session.expired' }),
};

export const authHttp = createAuthHttp(publicHttp, liveSessionPort);
