import { selectSignedIn } from '../../machines/session.selectors';
import { selectCurrency } from '../../machines/preferences.selectors';
import type { AppServices } from './services';

/**
 * The wallet's app-wide machines follow the session: the catalogue and the balance poll start when the
 * user is signed in and stop (forgetting everything, and the cached account) when they sign out; the
 * balances follow the selected fiat at once (spec §2 Settings).
 */
export function linkSessionToWallet(
  { session, preferences, coins, balances }: Pick<AppServices, 'session' | 'preferences' | 'coins' | 'balances'>,
  onSignedOut: () => void = () => {},
) {
  let signedIn = false;
  let fiat = selectCurrency(preferences.getSnapshot());
  const fromSession = session.subscribe((snapshot) => {
    const now = selectSignedIn(snapshot);
    if (now && !signedIn) {
      coins.send({ type: 'session.started' });
      balances.send({ type: 'session.started' });
    }
    if (!now && signedIn) {
      onSignedOut();
      coins.send({ type: 'session.ended' });
      balances.send({ type: 'session.ended' });
    }
    signedIn = now;
  });
  const fromPreferences = preferences.subscribe((snapshot) => {
    const next = selectCurrency(snapshot);
    if (next !== fiat) balances.send({ type: 'fiat.changed', fiat: next });
    fiat = next;
  });
  return () => {
    fromSession.unsubscribe();
    fromPreferences.unsubscribe();
  };
}
