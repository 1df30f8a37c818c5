/**
 * The wallet machine (machines/wallet.machine.ts), the signed-in part of the app machine, driven from
 * the production definition through the real app (createServices with fake deps, the real router and
 * screens): the profile, catalogue and balances following the session, the preferences and the reset
 * hold following the profile, the balances following the connection and the fiat — asserting what the
 * user sees in each state.
 */
import { act, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { walletMachine } from '../../machines/wallet.machine';
import { preferencesMachine } from '../../machines/preferences.machine';
import { selectWallet } from '../../machines/app.selectors';
import { selectHoldUntil } from '../../machines/resetHold.selectors';
import { selectOffline } from '../../machines/connectivity.selectors';
import type { Profile } from '../../machines/profile.machine';
import { describeModel, settle } from '../support/mbt';
import { pathname } from '../flows/app/harness';
import {
  HOLD,
  driveSession,
  fromServer,
  held,
  homeShown,
  mountForModel,
  offline,
  online,
  plain,
  profileFailed,
  profileLoaded,
  type AppHarness,
} from './app-fixtures';

const prefs = { darkTheme: true, language: 'ENG', languageChosen: true } as const;
// The app's preferences as the model's wallet holds them (a reference: compared by its id).
const preferences = createActor(preferencesMachine, { id: 'preferences', input: prefs });

const actors = (h: AppHarness) => h.app.services.signedIn()!;

describeModel<typeof walletMachine, AppHarness>('wallet', {
  machine: walletMachine,
  input: { preferences, production: false, fiat: null },
  events: (s) =>
    s.matches({ session: 'signedOut' })
      ? [{ type: 'session.started' }]
      : [
          // Signed out once the profile answered (a walk keeps one path per state, and signing out
          // before that ends where signing out after it does).
          ...(s.matches({ account: 'signedIn' }) ? [{ type: 'session.ended' } as const] : []),
          { type: 'fiat.settled', fiat: 'EUR' },
          s.matches({ connection: 'online' })
            ? { type: 'xstate.snapshot.connectivity', snapshot: offline }
            : { type: 'xstate.snapshot.connectivity', snapshot: online },
          // GET /user answers while the profile loads, once per sign-in.
          ...(s.matches({ account: 'signedOut' })
            ? ([
                { type: 'xstate.snapshot.profile', snapshot: profileLoaded('loaded', plain) },
                { type: 'xstate.snapshot.profile', snapshot: profileLoaded('loaded, money held', held) },
                { type: 'xstate.snapshot.profile', snapshot: profileFailed },
              ] as const)
            : ([{ type: 'profile.needed' }] as const)),
        ],
  // Each rule also while money is held after a reset: a sign-out then forgets the hold.
  classify: (s) => (s.context.holdUntil ? 'held' : 'free'),
  keepIgnored: () => false,
  mount: async (tools) => {
    const h = await mountForModel(tools, false);
    return Object.assign(h, { actor: () => selectWallet(h.app.services.app.getSnapshot()) ?? undefined });
  },
  drive: {
    'session.started': async (_e, h) => {
      await act(() => driveSession(h, true));
      await settle();
    },
    'session.ended': async (_e, h) => {
      await act(() => driveSession(h, false));
      await settle();
    },
    // GET /user answers (or fails); then the user opens Settings, which shows whose session it is.
    'xstate.snapshot.profile': async (e, h) => {
      const snapshot = e.snapshot;
      if (snapshot.matches('failed')) await act(async () => h.profiles.reject({ status: 500, code: 'HTTP_500' }));
      else await act(async () => h.profiles.resolve(fromServer(snapshot.context.profile as Profile)));
      await settle();
      await act(() => h.app.router.navigate({ to: '/settings' }));
      await settle();
    },
    // A wallet call waits for the profile (as Home's balances do through the account id).
    'profile.needed': async (e, h) => {
      await act(async () => selectWallet(h.app.services.app.getSnapshot())!.send(e));
      await settle();
    },
    // The user picks another fiat in Settings; the app machine tells the wallet.
    'fiat.settled': async (e, h) => {
      await act(async () => h.app.preferences.send({ type: 'currency.selected', currency: e.fiat }));
      await settle();
    },
    'xstate.snapshot.connectivity': async (e, h) => {
      if (selectOffline(e.snapshot)) await act(async () => h.network.change('offline'));
      else {
        await act(async () => h.network.change('online'));
        await settle();
        // The probe the returning network started answers: the gateway is there.
        await act(async () => h.probes.resolve());
      }
      await settle();
    },
  },
  states: {
    'session.signedOut': (h) => {
      expect(actors(h).profile.getSnapshot().matches('signedOut')).toBe(true);
      expect(homeShown(), 'no wallet while signed out').toBe(false);
    },
    'session.signedIn': (h, _s, { history }) => {
      expect(actors(h).profile.getSnapshot().matches('signedOut')).toBe(false);
      if (pathname(h.app) === '/home') expect(homeShown(), 'Home once signed in').toBe(true);
      else expect(screen.getByRole('heading', { name: 'Settings' }).textContent).toBe('Settings');
      // The balances follow the settled fiat (spec §2 Settings).
      if (history.some((e) => e.type === 'fiat.settled'))
        expect(actors(h).balances.getSnapshot().context.fiat).toBe('EUR');
    },
    'account.signedOut': (h) => {
      // The preferences have not heard of the sign-in: nothing from the account yet.
      expect(h.app.preferences.getSnapshot().matches({ account: 'signedOut' })).toBe(true);
      expect(screen.queryByTestId('profile-email')?.textContent ?? '…').toBe('…');
    },
    'account.signedIn': (h, _s, { history }) => {
      expect(h.app.preferences.getSnapshot().matches({ account: 'signedOut' })).toBe(false);
      const profile = actors(h).profile.getSnapshot();
      if (profile.matches('loaded'))
        expect(screen.getByTestId('profile-email').textContent).toBe(profile.context.profile!.email);
      else if (history.at(-1)?.type === 'profile.needed')
        // A failed profile is asked again for whoever waits for it.
        expect(screen.getByTestId('profile-email').textContent).toBe('…');
      else expect(screen.getByRole('button', { name: /Retry/ }).textContent).toMatch(/Retry/);
    },
    'hold.following': (h, s) => {
      // The app-wide hold knows the profile's end, and the money screens' notice shows it; signed out, none.
      expect(selectHoldUntil(actors(h).resetHold.getSnapshot())).toBe(s.context.holdUntil);
      const notice = screen.queryByTestId('reset-hold');
      if (s.context.holdUntil) expect(notice?.querySelector('time')?.getAttribute('dateTime')).toBe(HOLD);
      else expect(notice).toBeNull();
    },
    'connection.online': (h) => {
      expect(selectOffline(actors(h).connectivity.getSnapshot())).toBe(false);
      expect(screen.queryByText(/offline/i)).toBeNull();
    },
    'connection.offline': (h) => {
      expect(selectOffline(actors(h).connectivity.getSnapshot())).toBe(true);
      expect(screen.getByText(/offline/i).textContent).toMatch(/offline/i);
    },
  },
});
