import { waitFor } from 'xstate';
import { getUserManager } from './userManager';
import { getSession } from './sessionRef';
import { toSessionUser } from './sessionUser';
import { selectSignedIn } from '../../machines/session.selectors';

/** Spec §7: login is a username/password credentials sign-in with the identity provider. Rejects on failure. */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const user = await (await getUserManager()).signinResourceOwnerCredentials({ username: email, password });
  const session = getSession();
  session.send({ type: 'user.signedIn', user: toSessionUser(user) });
  await waitFor(session, selectSignedIn, { timeout: 5000 });
}
