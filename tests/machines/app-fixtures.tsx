/**
 * What the app and wallet suites share: the children's snapshots their model events carry (the guards
 * read them; the live children make their own), GET /user's answers, and the app mounted with calls the
 * paths answer themselves.
 */
import { screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { profileMachine, type Profile } from '../../machines/profile.machine';
import { connectivityMachine } from '../../machines/connectivity.machine';
import { preferencesMachine } from '../../machines/preferences.machine';
import { selectWallet } from '../../machines/app.selectors';
import type { UserProfile } from '../../src/api/userProfile';
import type { AppActor } from '../../src/app/actors';
import { ServicesProvider } from '../../src/app/context';
import { ResetHoldNotice } from '../../src/features/passcode/ResetHoldNotice';
import { settle, type MountTools } from '../support/mbt';
import { renderWithProviders } from '../support/render';
import { fakeNetwork, makeUser, mountApp, type MountedApp } from '../flows/app/harness';

export const user = makeUser();
export const HOLD = '2100-01-01T10:00:00.000Z';
export const plain: Profile = {
  email: 'ann@example.com',
  accountId: 'acc-1',
  pinCodeActive: false,
  telegram: null,
  language: 'ENG',
  currency: 'USD',
  resetHoldUntil: null,
};
export const held: Profile = { ...plain, pinCodeActive: true, resetHoldUntil: HOLD };

/** A snapshot named in the paths' titles (and their JSON) by what it means. */
const named = <T extends object>(label: string, snapshot: T): T =>
  Object.assign(Object.create(snapshot) as T, { toJSON: () => label });

const sessionContext = { isTelegram: false, linkToken: null, initDataUserId: null, error: null };
export const signedIn = named(
  'signed in',
  sessionMachine.resolveState({ value: { authenticated: 'active' }, context: { ...sessionContext, user } }),
);
export const signedOut = named(
  'signed out',
  sessionMachine.resolveState({ value: { unauthenticated: 'settled' }, context: { ...sessionContext, user: null } }),
);
export const profileLoaded = (label: string, profile: Profile) =>
  named(label, profileMachine.resolveState({ value: 'loaded', context: { profile, error: null, failures: 0 } }));
export const profileFailed = named(
  'failed',
  profileMachine.resolveState({
    value: 'failed',
    context: { profile: null, error: { status: 500, code: 'HTTP_500' }, failures: 1 },
  }),
);
export const offline = named(
  'offline',
  connectivityMachine.resolveState({ value: { offline: 'waiting' }, context: { failures: 0 } }),
);
export const online = named('online', connectivityMachine.resolveState({ value: 'online', context: { failures: 0 } }));
export const inEuro = named(
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

/** What GET /user answers for a profile. */
export const fromServer = (p: Profile): UserProfile => ({
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

export type AppHarness = {
  app: MountedApp;
  downloads: ReturnType<typeof pending<void>>;
  profiles: ReturnType<typeof pending<UserProfile>>;
  probes: ReturnType<typeof pending<void>>;
  network: ReturnType<typeof fakeNetwork>;
  restored: boolean;
};

/** Re-renders when the wallet arrives (the notice reads the signed-in part once per render). */
function HoldNotice({ app }: { app: AppActor }) {
  useSelector(app, selectWallet);
  return <ResetHoldNotice />;
}

/**
 * The app on the login screen with the stored user not read yet; the signed-in part downloaded on
 * request (`downloaded`) or built with the services. Beside it, the reset hold's notice as the send,
 * swap and sell screens show it.
 */
export async function mountForModel({ fakes }: MountTools, downloaded: boolean): Promise<AppHarness> {
  const downloads = pending<void>();
  const profiles = pending<UserProfile>();
  const probes = pending<void>();
  const network = fakeNetwork({ probe: fromPromise(() => probes.call()) });
  const app = mountApp({
    path: '/auth/login',
    session: { restoreSession: fakes.promise('restoreSession') },
    ...(downloaded ? { signedInDownload: () => downloads.call() } : {}),
    loadProfile: () => profiles.call(),
    network,
  });
  renderWithProviders(
    <ServicesProvider services={app.services}>
      <HoldNotice app={app.services.app} />
    </ServicesProvider>,
  );
  await settle();
  return { app, downloads, profiles, probes, network, restored: false };
}

/** Signs in (the stored user, the first time; then as the login form does) or out. */
export async function driveSession(h: AppHarness & MountTools, signingIn: boolean) {
  if (!h.restored)
    await h.fakes.resolve('restoreSession', { user: signingIn ? user : null, isTelegram: false, linkToken: null });
  else h.app.session.send(signingIn ? { type: 'user.signedIn', user } : { type: 'user.signedOut' });
  h.restored = true;
}

export const homeShown = () => screen.queryByText('Total balance') !== null;
