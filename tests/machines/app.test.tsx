/**
 * The root app machine (machines/app.machine.ts), driven from the production definition through the
 * real app (createServices with fake deps, the real router and screens): the session and the signed-in
 * part's download, the wallet following the session, the preferences and the reset hold following the
 * profile, the balances following the connection — asserting what the user sees in each state.
 */
import { act, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { appMachine, type SignedInLogic } from '../../machines/app.machine';
import { availableCoinsMachine } from '../../machines/availableCoins.machine';
import { balancesMachine } from '../../machines/balances.machine';
import { resetHoldMachine } from '../../machines/resetHold.machine';
import { sessionMachine } from '../../machines/session.machine';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { connectivityMachine } from '../../machines/connectivity.machine';
import { preferencesMachine } from '../../machines/preferences.machine';
import { selectHoldUntil } from '../../machines/resetHold.selectors';
import { selectOffline } from '../../machines/connectivity.selectors';
import type { UserProfile } from '../../src/api/userProfile';
import type { AppActor, ConnectivityActor } from '../../src/app/actors';
import { ServicesProvider } from '../../src/app/context';
import { ResetHoldNotice } from '../../src/features/passcode/ResetHoldNotice';
import { selectSignedInActors } from '../../machines/app.selectors';
import { describeModel, settle } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import { fakeNetwork, makeUser, mountApp, pathname, type MountedApp } from '../flows/app/harness';

const user = makeUser();
const HOLD = '2100-01-01T10:00:00.000Z';
const plain: Profile = {
  email: 'ann@example.com',
  accountId: 'acc-1',
  pinCodeActive: false,
  telegram: null,
  language: 'ENG',
  currency: 'USD',
  resetHoldUntil: null,
};
const held: Profile = { ...plain, pinCodeActive: true, resetHoldUntil: HOLD };

// The children's snapshots the model's events carry (the guards read them); the live children make their own.
// Each is named in the paths' titles (and their JSON) by what it means.
const named = <T extends object>(label: string, snapshot: T): T =>
  Object.assign(Object.create(snapshot) as T, { toJSON: () => label });
const sessionContext = { isTelegram: false, linkToken: null, initDataUserId: null, error: null };
const signedIn = named(
  'signed in',
  sessionMachine.resolveState({ value: { authenticated: 'active' }, context: { ...sessionContext, user } }),
);
const signedOut = named(
  'signed out',
  sessionMachine.resolveState({ value: { unauthenticated: 'settled' }, context: { ...sessionContext, user: null } }),
);
const profileLoaded = (label: string, profile: Profile) =>
  named(label, profileMachine.resolveState({ value: 'loaded', context: { profile, error: null, failures: 0 } }));
const profileFailed = named(
  'failed',
  profileMachine.resolveState({
    value: 'failed',
    context: { profile: null, error: { status: 500, code: 'HTTP_500' }, failures: 1 },
  }),
);
const offline = named(
  'offline',
  connectivityMachine.resolveState({ value: { offline: 'waiting' }, context: { failures: 0 } }),
);
const online = named('online', connectivityMachine.resolveState({ value: 'online', context: { failures: 0 } }));
const inEuro = named(
  'EUR chosen',
  preferencesMachine.resolveState({
    value: { account: 'signedIn', language: 'idle', currency: 'idle' },
    context: {
      darkTheme: true,
      themeChosen: true,
      language: 'ENG',
      languageChosen: true,
      currency: 'EUR',
      currencyChosen: true,
      hideBalances: false,
      signedIn: true,
      languageInFlight: null,
      currencyInFlight: null,
    },
  }),
);

/** The part's logic as the model spawns it (the live app builds its own with the fake gateway). */
const part: SignedInLogic = {
  profile: profileMachine,
  coins: availableCoinsMachine,
  balances: balancesMachine,
  resetHold: resetHoldMachine,
  connectivity: connectivityMachine,
  network: fromCallback<EventObject, { connectivity: ConnectivityActor }>(() => {}),
  prefetch: fromCallback(() => {}),
};
// Named for the paths' titles: a machine's JSON is its whole definition.
Object.assign(part, { toJSON: () => 'the signed-in logic' });

/** What GET /user answers for a profile. */
const fromServer = (p: Profile): UserProfile => ({
  id: 'user-1',
  email: p.email,
  pinCodeActive: p.pinCodeActive,
  accounts: [{ id: p.accountId!, name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
  ...(p.resetHoldUntil ? { passcodeResetHoldUntil: p.resetHoldUntil } : {}),
});

/** Calls the path answers itself, newest first. */
function pending<T>() {
  const waiting: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  return {
    count: () => waiting.length,
    call: () => new Promise<T>((resolve, reject) => void waiting.push({ resolve, reject })),
    resolve: (value: T) => waiting.pop()!.resolve(value),
    reject: (error: unknown) => waiting.pop()!.reject(error),
  };
}

type H = {
  app: MountedApp;
  downloads: ReturnType<typeof pending<void>>;
  profiles: ReturnType<typeof pending<UserProfile>>;
  probes: ReturnType<typeof pending<void>>;
  network: ReturnType<typeof fakeNetwork>;
  restored: boolean;
};

/** Re-renders when the signed-in part arrives (the notice reads it once per render). */
function HoldNotice({ app }: { app: AppActor }) {
  useSelector(app, selectSignedInActors);
  return <ResetHoldNotice />;
}

const signedInActors = (h: H) => h.app.services.signedIn()!;
const homeShown = () => screen.queryByText('Total balance') !== null;

describeModel<typeof appMachine, H>('app', {
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
    // The wallet's rules only while it follows a signed-in session: nothing loads or polls signed out.
    ...(s.matches({ part: { ready: { wallet: 'signedIn' } } })
      ? [
          { type: 'xstate.snapshot.preferences', snapshot: inEuro } as const,
          s.matches({ part: { ready: { connection: 'online' } } })
            ? ({ type: 'connectivity.changed', snapshot: offline } as const)
            : ({ type: 'connectivity.changed', snapshot: online } as const),
          ...(s.matches({ part: { ready: { account: 'signedOut' } } })
            ? ([
                { type: 'profile.changed', snapshot: profileLoaded('loaded', plain) },
                { type: 'profile.changed', snapshot: profileLoaded('loaded, money held', held) },
                { type: 'profile.changed', snapshot: profileFailed },
              ] as const)
            : ([{ type: 'profile.needed' }] as const)),
        ]
      : []),
  ],
  // Each rule also from a wallet that is there (and holding money after a reset): a sign-out then
  // stops the wallet, tells the preferences and forgets the hold.
  classify: (s) => (s.matches({ part: 'ready' }) ? (s.context.holdUntil ? 'held' : 'ready') : 'no part'),
  keepIgnored: () => false,
  compareContext: false,
  mount: async ({ fakes }) => {
    const downloads = pending<void>();
    const profiles = pending<UserProfile>();
    const probes = pending<void>();
    const network = fakeNetwork({ probe: fromPromise(() => probes.call()) });
    const app = mountApp({
      path: '/auth/login',
      session: { restoreSession: fakes.promise('restoreSession') },
      signedInDownload: () => downloads.call(),
      loadProfile: () => profiles.call(),
      network,
    });
    // The reset hold's notice as the send, swap and sell screens show it, beside the app.
    renderWithProviders(
      <ServicesProvider services={app.services}>
        <HoldNotice app={app.services.app} />
      </ServicesProvider>,
    );
    await settle();
    const h: H = { app, downloads, profiles, probes, network, restored: false };
    return Object.assign(h, { actor: app.services.app });
  },
  drive: {
    'xstate.snapshot.session': async (e, h) => {
      const signingIn = e.snapshot === signedIn;
      if (!h.restored) {
        await act(async () =>
          h.fakes.resolve('restoreSession', { user: signingIn ? user : null, isTelegram: false, linkToken: null }),
        );
      } else
        await act(async () =>
          h.app.session.send(signingIn ? { type: 'user.signedIn', user } : { type: 'user.signedOut' }),
        );
      h.restored = true;
      await settle();
    },
    // The signed-in route's loader asks for the part.
    'signedInPart.requested': async (_e, h) => {
      // Not awaited: the navigation waits for the part, which the next step answers.
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
    // GET /user answers (or fails); Settings shows whose session it is.
    'profile.changed': async (e, h) => {
      const snapshot = e.snapshot;
      if (snapshot.matches('failed')) await act(async () => h.profiles.reject({ status: 500, code: 'HTTP_500' }));
      else await act(async () => h.profiles.resolve(fromServer(snapshot.context.profile!)));
      await settle();
      await act(() => h.app.router.navigate({ to: '/settings' }));
      await settle();
    },
    // A wallet call waits for the profile (as Home's balances do through the account id).
    'profile.needed': async (e, h) => {
      await act(async () => h.app.services.app.send(e));
      await settle();
    },
    // The user picks another fiat in Settings; Home's totals follow.
    'xstate.snapshot.preferences': async (_e, h) => {
      await act(async () => h.app.preferences.send({ type: 'currency.selected', currency: 'EUR' }));
      await settle();
    },
    'connectivity.changed': async (e, h) => {
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
      expect(homeShown(), 'no wallet while signed out').toBe(false);
      expect(pathname(h.app)).not.toBe('/settings');
    },
    'session.signedIn': (h) => {
      // Signed in: never the sign-in screens; Home, Settings or the spinner while the part loads.
      expect(screen.queryByRole('link', { name: /log in with e-mail/i })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Welcome to your wallet' })).toBeNull();
      expect(['/home', '/settings']).toContain(pathname(h.app));
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
    'part.ready': (h) => expect(h.app.services.signedIn()).toBeDefined(),
    'part.ready.wallet.signedOut': (h) => {
      expect(signedInActors(h).profile.getSnapshot().matches('signedOut')).toBe(true);
      expect(homeShown()).toBe(false);
    },
    'part.ready.wallet.signedIn': (h, _s, { history }) => {
      expect(signedInActors(h).profile.getSnapshot().matches('signedOut')).toBe(false);
      if (pathname(h.app) === '/home') expect(homeShown(), 'Home once its part is there').toBe(true);
      else expect(screen.getByRole('heading', { name: 'Settings' }).textContent).toBe('Settings');
      // The balances follow the settled fiat (spec §2 Settings).
      const euro = history.some((e) => e.type === 'xstate.snapshot.preferences');
      if (euro) expect(signedInActors(h).balances.getSnapshot().context.fiat).toBe('EUR');
    },
    'part.ready.account.signedOut': (h) => {
      // The preferences have not heard of the sign-in: nothing from the account yet.
      expect(h.app.preferences.getSnapshot().matches({ account: 'signedOut' })).toBe(true);
      expect(screen.queryByTestId('profile-email')?.textContent ?? '…').toBe('…');
    },
    'part.ready.account.signedIn': (h, _s, { history }) => {
      expect(h.app.preferences.getSnapshot().matches({ account: 'signedOut' })).toBe(false);
      const profile = signedInActors(h).profile.getSnapshot();
      if (profile.matches('loaded'))
        expect(screen.getByTestId('profile-email').textContent).toBe(profile.context.profile!.email);
      else if (history.at(-1)?.type === 'profile.needed')
        // A failed profile is asked again for whoever waits for it.
        expect(screen.getByTestId('profile-email').textContent).toBe('…');
      else expect(screen.getByRole('button', { name: /Retry/ }).textContent).toMatch(/Retry/);
    },
    'part.ready.hold.following': (h, s) => {
      // The app-wide hold knows the profile's end, and the money screens' notice shows it; signed out, none.
      expect(selectHoldUntil(signedInActors(h).resetHold.getSnapshot())).toBe(s.context.holdUntil);
      const notice = screen.queryByTestId('reset-hold');
      if (s.context.holdUntil) expect(notice?.querySelector('time')?.getAttribute('dateTime')).toBe(HOLD);
      else expect(notice).toBeNull();
    },
    'part.ready.connection.online': (h) => {
      expect(selectOffline(signedInActors(h).connectivity.getSnapshot())).toBe(false);
      expect(screen.queryByText(/offline/i)).toBeNull();
    },
    'part.ready.connection.offline': (h) => {
      expect(selectOffline(signedInActors(h).connectivity.getSnapshot())).toBe(true);
      expect(screen.getByText(/offline/i).textContent).toMatch(/offline/i);
    },
  },
});
