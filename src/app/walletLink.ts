import { selectSignedIn } from '../../machines/session.selectors';
import { selectSettledCurrency } from '../../machines/preferences.selectors';
import { selectProfileSettled, selectResetHoldUntil } from '../../machines/profile.selectors';
import type {
  AvailableCoinsActor,
  BalancesActor,
  PreferencesActor,
  ProfileActor,
  ResetHoldActor,
  SessionActor,
} from './actors';

type WalletActors = {
  session: SessionActor;
  preferences: PreferencesActor;
  coins: AvailableCoinsActor;
  balances: BalancesActor;
  profile: ProfileActor;
};

/**
 * The wallet's app-wide machines follow the session: the profile, the catalogue and the balance poll
 * start when the user is signed in and stop (forgetting everything) when they sign out; the balances
 * follow the selected fiat at once (spec §2 Settings), but only once it is known (the user's choice,
 * or the account's default after sign-in), so the first rate call never goes out without it.
 */
export function linkSessionToWallet({ session, preferences, coins, balances, profile }: WalletActors) {
  let signedIn = false;
  let fiat = selectSettledCurrency(preferences.getSnapshot());
  const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const now = selectSignedIn(snapshot);
    if (now && !signedIn) {
      profile.send({ type: 'session.started' });
      coins.send({ type: 'session.started' });
      balances.send({ type: 'session.started' });
    }
    if (!now && signedIn) {
      profile.send({ type: 'session.ended' });
      coins.send({ type: 'session.ended' });
      balances.send({ type: 'session.ended' });
    }
    signedIn = now;
  };
  // Linked after the sign-in when the signed-in part downloads late: a session already signed in counts.
  follow(session.getSnapshot());
  const fromSession = session.subscribe(follow);
  const fromPreferences = preferences.subscribe((snapshot) => {
    const next = selectSettledCurrency(snapshot);
    if (next !== null && next !== fiat) balances.send({ type: 'fiat.changed', fiat: next });
    fiat = next;
  });
  return () => {
    fromSession.unsubscribe();
    fromPreferences.unsubscribe();
  };
}

/**
 * Preferences learn about sign-in once the profile has settled (its account language and fiat are then
 * known, spec §3), and about sign-out when the profile is forgotten.
 */
export function linkProfileToPreferences(profile: ProfileActor, preferences: PreferencesActor) {
  let signedIn = false;
  return profile.subscribe((snapshot) => {
    if (!signedIn && selectProfileSettled(snapshot)) {
      signedIn = true;
      preferences.send({ type: 'user.signedIn' });
    }
    if (signedIn && snapshot.matches('signedOut')) {
      signedIn = false;
      preferences.send({ type: 'user.signedOut' });
    }
  });
}

/**
 * A call made as soon as the user is signed in, ahead of the screen that needs it (so that screen does
 * not wait for its own chunk and then a round trip): the first `take()` gets that answer, as if it had
 * asked itself, and every later one asks again, so a later screen never shows an old answer. A sign-out
 * drops an answer nobody took; the next sign-in asks again.
 */
export function callOnSignIn<T>(session: SessionActor, call: () => Promise<T>): () => Promise<T> {
  let early: Promise<T> | null = null;
  let signedIn = false;
  const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    const now = selectSignedIn(snapshot);
    if (now && !signedIn) {
      early = call();
      // Its failure is reported to whoever takes it; if nobody does (Home never opened), it is nobody's.
      early.catch(() => {});
    }
    if (!now) early = null;
    signedIn = now;
  };
  follow(session.getSnapshot());
  session.subscribe(follow);
  return () => {
    const answer = early ?? call();
    early = null;
    return answer;
  };
}

/**
 * The reset hold follows the profile (GET /user `passcodeResetHoldUntil`, a recovery's answer) and is
 * forgotten with it on sign-out; refusals report theirs through `holdReporter`.
 */
export function linkProfileToResetHold(profile: ProfileActor, hold: ResetHoldActor) {
  let last: string | null = null;
  return profile.subscribe((snapshot) => {
    const until = selectResetHoldUntil(snapshot);
    if (until !== last) reportHold(hold, until);
    last = until;
  });
}

/**
 * A 403 PASSCODE_RESET_HOLD from any call reports its `holdUntil` (a reset on another device the profile
 * has not heard of yet), so the money screens show the end time at once.
 */
export function holdReporter(hold: ResetHoldActor) {
  return async ({ response }: { response: Response }) => {
    if (response.status !== 403) return;
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown; holdUntil?: unknown } | null;
    if (body?.code === 'PASSCODE_RESET_HOLD' && typeof body.holdUntil === 'string') reportHold(hold, body.holdUntil);
  };
}

/** The clock is read here, once per report, so the hold machine stays pure. */
function reportHold(hold: ResetHoldActor, until: string | null) {
  const msLeft = until === null ? 0 : Date.parse(until) - Date.now();
  hold.send({ type: 'hold.reported', until, msLeft: Number.isFinite(msLeft) ? msLeft : 0 });
}
