/** The fiat the wallet prices in: never undefined, and "known" only once chosen or asked of the account. */
import { createActor, fromPromise } from 'xstate';
import { preferencesMachine, type ServerSettings } from '../../machines/preferences.machine';
import { selectSettledCurrency } from '../../machines/preferences.selectors';

const start = (
  currency?: string,
  loadServerSettings = fromPromise<ServerSettings>(async () => ({ language: null, currency: null })),
) =>
  createActor(preferencesMachine.provide({ actors: { loadServerSettings } }), {
    input: {
      darkTheme: false,
      language: 'ENG',
      languageChosen: false,
      currency,
      currencyChosen: currency !== undefined,
    },
  }).start();

describe('preferences fiat', () => {
  it('an absent stored choice keeps the default USD (an undefined input used to wipe it)', () => {
    const actor = start(undefined);
    expect(actor.getSnapshot().context.currency).toBe('USD');
  });

  it('without a choice the fiat is not known until the account was asked, then it is', async () => {
    const actor = start(
      undefined,
      fromPromise<ServerSettings>(async () => ({ language: null, currency: 'KZT' })),
    );
    expect(selectSettledCurrency(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.signedIn' });
    expect(selectSettledCurrency(actor.getSnapshot())).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(selectSettledCurrency(actor.getSnapshot())).toBe('KZT');
  });

  it('a local choice is known at once', () => {
    expect(selectSettledCurrency(start('EUR').getSnapshot())).toBe('EUR');
  });
});
