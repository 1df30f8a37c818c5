/**
 * The root app machine (machines/app.machine.ts), driven from the production definition through the
 * real app (createServices with fake deps, the real router and screens): the session, the signed-in
 * part's download and the wallet it brings, told of the session and of the fiat — asserting what the
 * user sees in each state. The wallet's own rules: app-wallet.test.tsx.
 */
import { act, screen } from '@testing-library/react';
import { fromCallback } from 'xstate';
import { appMachine, type SignedInLogic } from '../../machines/app.machine';
import { walletMachine } from '../../machines/wallet.machine';
import { describeModel, settle } from '../support/mbt';
import { pathname } from '../flows/app/harness';
import { driveSession, homeShown, inEuro, mountForModel, signedIn, signedOut, type AppHarness } from './app-fixtures';

// The part as the model spawns it: a wallet whose children do nothing (the live app builds its own).
const part: SignedInLogic = walletMachine.provide({
  actors: { network: fromCallback(() => {}), prefetch: fromCallback(() => {}) },
});
// Named for the paths' titles: a machine's JSON is its whole definition.
Object.assign(part, { toJSON: () => 'the signed-in part' });

describeModel<typeof appMachine, AppHarness>('app', {
  machine: appMachine,
  input: { production: false, preferences: { darkTheme: true, language: 'ENG', languageChosen: true } },
  events: (s) => [
    s.matches({ session: 'signedOut' })
      ? { type: 'xstate.snapshot.session', snapshot: signedIn }
      : { type: 'xstate.snapshot.session', snapshot: signedOut },
    ...(s.matches({ part: 'absent' }) || s.matches({ part: 'failed' })
      ? [{ type: 'signedInPart.requested' } as const]
      : []),
    ...(s.matches({ part: 'loading' })
      ? [
          { type: 'xstate.done.actor.loadSignedInPart', output: part } as const,
          { type: 'xstate.error.actor.loadSignedInPart', error: new Error('chunk failed') } as const,
        ]
      : []),
    // The fiat only matters to a wallet that is there and signed in.
    ...(s.matches({ part: 'ready', session: 'signedIn' })
      ? [{ type: 'xstate.snapshot.preferences', snapshot: inEuro } as const]
      : []),
  ],
  // Each rule also once the wallet is there: the session's changes then reach it.
  classify: (s) => (s.matches({ part: 'ready' }) ? 'wallet' : 'no wallet'),
  keepIgnored: () => false,
  // The context holds the part's logic (the model's is not the live one).
  compareContext: false,
  mount: async (tools) => {
    const h = await mountForModel(tools, true);
    return Object.assign(h, { actor: h.app.services.app });
  },
  drive: {
    'xstate.snapshot.session': async (e, h) => {
      await act(() => driveSession(h, e.snapshot === signedIn));
      await settle();
    },
    // The signed-in route's loader asks for the part (not awaited: the navigation waits for it).
    'signedInPart.requested': async (_e, h) => {
      await act(async () => void h.app.router.navigate({ to: '/home' }));
      await settle();
    },
    'xstate.done.actor.loadSignedInPart': async (_e, h) => {
      await act(async () => h.downloads.resolve());
      await settle();
    },
    'xstate.error.actor.loadSignedInPart': async (e, h) => {
      await act(async () => h.downloads.reject(e.error));
      await settle();
    },
    // The user picks another fiat in Settings.
    'xstate.snapshot.preferences': async (_e, h) => {
      await act(async () => h.app.preferences.send({ type: 'currency.selected', currency: 'EUR' }));
      await settle();
    },
  },
  states: {
    'session.signedOut': (h) => {
      expect(homeShown(), 'no wallet while signed out').toBe(false);
      expect(h.app.session.getSnapshot().hasTag('signedIn')).toBe(false);
    },
    'session.signedIn': (h) => {
      // Signed in: the sign-in screens give way to Home (blank until its part is there).
      expect(screen.queryByRole('heading', { name: 'Welcome to your wallet' })).toBeNull();
      expect(pathname(h.app)).toBe('/home');
    },
    'part.absent': (h) => {
      expect(h.app.downloads.signedIn).toBe(0);
      expect(homeShown()).toBe(false);
    },
    'part.loading': (h) => {
      expect(h.downloads.count()).toBeGreaterThan(0);
      expect(homeShown(), 'nothing signed-in renders before its part').toBe(false);
    },
    'part.failed': (h) => {
      expect(homeShown()).toBe(false);
      expect(h.app.services.signedIn()).toBeUndefined();
    },
    'part.ready': (h, s, { history }) => {
      const part = h.app.services.signedIn()!;
      const wallet = s.matches({ session: 'signedIn' });
      // The wallet follows the session: its profile loads while signed in, and Home shows then.
      expect(part.profile.getSnapshot().matches('signedOut')).toBe(!wallet);
      expect(homeShown()).toBe(wallet && pathname(h.app) === '/home');
      // The balances follow the settled fiat (spec §2 Settings).
      if (history.some((e) => e.type === 'xstate.snapshot.preferences'))
        expect(part.balances.getSnapshot().context.fiat).toBe('EUR');
    },
  },
});
