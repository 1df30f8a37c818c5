import { waitFor } from 'xstate';
import type { SessionPort } from '../api/authHttp';
import { selectAccessToken, selectSettled, selectSignedIn } from '../../machines/session.selectors';
import type { SessionActor } from './actors';

/**
 * The authenticated client's view of the session actor: its token, a renewal after a 401, a silent
 * sign-out. The actor is looked up on each call: the signed-in part may be built before the app machine
 * that owns the session exists (src/app/services.ts).
 */
export function createSessionPort(sessionOf: () => SessionActor): SessionPort {
  return {
    accessToken: () => selectAccessToken(sessionOf().getSnapshot()),
    async renew(rejected) {
      const session = sessionOf();
      const current = selectAccessToken(session.getSnapshot());
      // Another request already renewed the session while this one was in flight.
      if (current && current !== rejected && selectSettled(session.getSnapshot())) return current;
      if (!selectSignedIn(session.getSnapshot())) return null;
      session.send({ type: 'token.rejected' });
      const settled = await waitFor(session, selectSettled, { timeout: 20000 });
      return selectSignedIn(settled) ? selectAccessToken(settled) : null;
    },
    signOutSilently: () => sessionOf().send({ type: 'session.expired' }),
  };
}
