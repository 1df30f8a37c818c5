import { waitFor } from 'xstate';
import type { SessionPort } from '../api/authHttp';
import { selectAccessToken, selectSettled, selectSignedIn } from '../../machines/session.selectors';
import type { SessionActor } from './actors';

/** The authenticated client's view of the session actor: its token, a renewal after a 401, a silent sign-out. */
export function createSessionPort(session: SessionActor): SessionPort {
  return {
    accessToken: () => selectAccessToken(session.getSnapshot()),
    async renew(rejected) {
      const current = selectAccessToken(session.getSnapshot());
      // Another request already renewed the session while this one was in flight.
      if (current && current !== rejected && selectSettled(session.getSnapshot())) return current;
      if (!selectSignedIn(session.getSnapshot())) return null;
      session.send({ type: 'token.rejected' });
      const settled = await waitFor(session, selectSettled, { timeout: 20000 });
      return selectSignedIn(settled) ? selectAccessToken(settled) : null;
    },
    signOutSilently: () => session.send({ type: 'session.expired' }),
  };
}
