import { selectSignedIn } from '../../machines/session.selectors';
import { selectSettledCurrency } from '../../machines/preferences.selectors';
import { selectProfileSettled } from '../../machines/profile.selectors';
import type { AvailableCoinsActor, BalancesActor, PreferencesActor, ProfileActor, SessionActor } from './actors';

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
  const fromSession = session.subscribe((snapshot) => {
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
  });
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
