/**
 * Balances (spec §2 Home, §7 Wallet): first load, the 10 s poll, refresh on request, failed polls that
 * keep the data ("offline, retrying"), the selected fiat — driven from the production balances machine
 * against the rendered home screen, with fake timers. Polls that bring the same data re-render nothing.
 * Signed in before the fiat is known (no local choice, the account's default still being asked for),
 * nothing is loaded, so no rate is ever asked without a fiat.
 */
import { act, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorLogic, type AnyMachineSnapshot } from 'xstate';
import { balancesMachine, BALANCE_BACKOFF, BALANCE_POLL_MS, type BalancesEvent } from '../../machines/balances.machine';
import { backoffDelay } from '../../machines/shared/backoff';
import { formatTime } from '../../src/i18n/dates';
import { toCoinMap } from '../../machines/shared/coins';
import { portfolio } from '../../machines/shared/portfolio';
import { formatCrypto, formatFiat } from '../../src/i18n/format';
import { describeModel, exactlyAfter, settle } from '../support/mbt';
import { catalogue, holdingsA, holdingsB, rates } from '../fixtures/wallet';
import { makeUser, mountApp, type MountedApp } from './app/harness';
import type { UserProfile } from '../../src/api/userProfile';
import { isShown } from '../support/dom';

type Fiat = NonNullable<UserProfile['accounts'][number]['defaultFiatCurrency']>;
const profileIn = (fiat: string): UserProfile => ({
  id: 'user',
  email: 'user@example.com',
  pinCodeActive: false,
  accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG', defaultFiatCurrency: fiat as Fiat }],
});

/** `react` is shared by reference (the runner copies the harness object): commits counted by the Profiler. */
type H = {
  app: MountedApp;
  restored: boolean;
  react: { commits: number };
  checkedAt: number;
  lastAssets: string;
  lastStale: boolean;
  /** GET /user answers held back, so the account's default fiat arrives when the path says. */
  profiles: Array<(profile: UserProfile) => void>;
};
const user = makeUser();
const coins = toCoinMap(catalogue, false);
// When each answer came: Home shows it ("Updated hh:mm") while the data may be old.
const atA = Date.UTC(2026, 10, 24, 9, 41);
const atB = Date.UTC(2026, 10, 24, 9, 42);
const dataA = { assets: holdingsA, rates, at: atA };
const dataB = { assets: holdingsB, rates, at: atB };
const fail = { status: 503, code: 'HTTP_503' };

const otherFiat = (s: AnyMachineSnapshot) => (s.context.fiat === 'USD' ? 'EUR' : 'USD');

describeModel('balances', {
  machine: balancesMachine,
  // No local choice: the fiat is known once the account's default arrives (GET /user) or the user picks one.
  input: { fiat: null },
  events: (s) => {
    const list: Array<BalancesEvent | { type: string; output?: unknown; error?: unknown }> = [
      { type: 'session.ended' },
      { type: 'fiat.changed', fiat: otherFiat(s) },
    ];
    if (s.matches('idle')) list.push({ type: 'session.started' });
    if (s.matches('loading'))
      list.push(
        { type: 'xstate.done.actor.loadBalances', output: dataA },
        { type: 'xstate.error.actor.loadBalances', error: fail },
      );
    if (s.matches('failed')) list.push({ type: 'balances.retried' }, { type: 'xstate.after.RETRY.balances.failed' });
    if (s.matches('loaded')) list.push({ type: 'balances.refreshRequested' });
    if (s.matches({ loaded: 'waiting' })) list.push({ type: `xstate.after.POLL.balances.loaded.waiting` });
    if (s.matches({ loaded: 'refreshing' })) {
      list.push(
        { type: 'xstate.done.actor.refreshBalances', output: dataA },
        { type: 'xstate.done.actor.refreshBalances', output: dataB },
        { type: 'xstate.error.actor.refreshBalances', error: fail },
      );
    }
    return list as never;
  },
  // Each poll outcome from every backoff step: fresh, and 1, 2 and 3 (capped) failures in a row.
  classify: (s) => `${s.context.stale ? 'stale' : 'fresh'}:${s.context.failures}`,
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const h = {
      restored: false,
      react: { commits: 0 },
      checkedAt: 0,
      lastAssets: '',
      lastStale: false,
      profiles: [],
    } as unknown as H;
    h.app = mountApp({
      path: '/home',
      loadProfile: () => new Promise<UserProfile>((resolve) => void h.profiles.push(resolve)),
      session: { restoreSession: fakes.promise('restoreSession') },
      wallet: { loadCatalogue: fromPromise(async () => catalogue), loadBalances: fakes.promise('loadBalances') },
      onRender: () => void (h.react.commits += 1),
    });
    return Object.assign(h, { actor: h.app.balances });
  },
  drive: {
    'session.started': async (_e, h) => {
      if (h.restored) act(() => h.app.session.send({ type: 'user.signedIn', user }));
      else await act(async () => h.fakes.resolve('restoreSession', { user, isTelegram: false, linkToken: null }));
      h.restored = true;
      // A fiat already chosen: the profile may answer now. None yet: GET /user stays pending (the fiat is unknown).
      const fiat = h.app.balances.getSnapshot().context.fiat;
      await settle();
      if (fiat !== null) await act(async () => h.profiles.at(-1)?.(profileIn(fiat)));
    },
    'session.ended': (_e, h) => act(() => h.app.session.send({ type: 'user.signedOut' })),
    // The selected fiat reaches the balances through the preferences machine (src/app/walletLink.ts).
    // Waiting for it: the account's default fiat arrives with GET /user.
    'fiat.changed': (e, h) => {
      const fiat = (e as { fiat: string }).fiat;
      if (h.app.balances.getSnapshot().matches('awaitingFiat'))
        return act(async () => h.profiles.at(-1)!(profileIn(fiat)));
      return act(() => h.app.preferences.send({ type: 'currency.selected', currency: fiat }));
    },
    // Sent by manage assets and the first-time screen after an add.
    'balances.refreshRequested': (e, h) => act(() => h.app.balances.send(e as BalancesEvent)),
    'balances.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    // The poll waits 10 s, or after failures 20 s, 40 s, then 60 s: not a millisecond less.
    'xstate.after.POLL.balances.loaded.waiting': (_e: unknown, h) =>
      exactlyAfter(
        backoffDelay(h.app.balances.getSnapshot().context.failures, BALANCE_BACKOFF),
        () => h.fakes.calls('loadBalances').length,
        'poll',
      ),
    // A failed first load is tried again by itself: 10 s after the first failure, then 20 s, 40 s, 60 s.
    'xstate.after.RETRY.balances.failed': (_e: unknown, h) =>
      exactlyAfter(
        backoffDelay(h.app.balances.getSnapshot().context.failures - 1, BALANCE_BACKOFF),
        () => h.fakes.calls('loadBalances').length,
        'retry',
      ),
    'xstate.done.actor.refreshBalances': (e: { output?: unknown }, h) =>
      act(async () => h.fakes.resolve('loadBalances', structuredClone(e.output))),
    'xstate.error.actor.refreshBalances': (e: { error?: unknown }, h) =>
      act(async () => h.fakes.reject('loadBalances', (e as { error: unknown }).error)),
  },
  states: {
    '*': (h, s, { event }) => {
      // Every load (and so every rate call) carried a known fiat.
      for (const call of h.fakes.calls('loadBalances') as Array<{ fiat: unknown }>)
        expect(typeof call.fiat === 'string' && call.fiat !== '').toBe(true);
      // Spec: nothing changed → nothing re-renders (a poll starting, or one bringing the same data).
      const same = JSON.stringify(s.context.assets) === h.lastAssets && !h.lastStale && !s.context.stale;
      if (
        event?.type === 'xstate.after.POLL.balances.loaded.waiting' ||
        (event?.type === 'xstate.done.actor.refreshBalances' && same)
      ) {
        expect(h.react.commits, 'React commits after an unchanged poll').toBe(h.checkedAt);
      }
      h.checkedAt = h.react.commits;
      h.lastAssets = JSON.stringify(s.context.assets);
      h.lastStale = s.context.stale;
    },
    idle: () => expect(screen.queryByText('Total balance')).toBeNull(),
    awaitingFiat: (h) => {
      // Signed in, fiat unknown: the home screen waits (skeleton) and nothing was asked yet.
      expect(screen.getByTestId('total').querySelector('[data-skeleton]')).not.toBeNull();
      expect(h.fakes.calls('loadBalances')).toEqual([]);
    },
    loading: (h, s) => {
      expect(isShown(screen.getByTestId('loading')), 'shown').toBe(true);
      expect(screen.getByTestId('total').querySelector('[data-skeleton]')).not.toBeNull();
      expect(h.fakes.calls('loadBalances').at(-1)).toEqual({ fiat: s.context.fiat });
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain('Could not load your balances.');
      expect(screen.getByTestId('total').textContent).toBe('—');
    },
    loaded: (_h, s) => {
      const { rows, total } = portfolio(s.context.assets, coins, s.context.rates, s.context.fiat);
      expect(screen.getByTestId('total').textContent).toBe(formatFiat(total!, s.context.fiat, 'en'));
      const list = screen.getByTestId('asset-list');
      expect(
        within(list)
          .getAllByTestId('crypto')
          .map((e) => e.textContent),
      ).toEqual(rows.map((r) => `${formatCrypto(r.amount, r.coin, 'en')} ${r.currency.split('_')[0]}`));
      // A failed poll keeps the data but marks it: the total set back, and when it was loaded.
      const updated = screen.queryByTestId('balances-updated');
      if (s.context.stale) {
        expect(updated?.textContent).toBe(
          `Updated ${formatTime(s.context.updatedAt, 'en')}. Could not refresh, retrying…`,
        );
        expect(screen.getByTestId('total').getAttribute('aria-describedby')).toBe(updated!.id);
      } else {
        expect(updated, 'no "Updated" line on fresh data').toBeNull();
        expect(screen.getByTestId('total').hasAttribute('data-dated')).toBe(false);
      }
    },
    // Polls run behind the data on screen: no skeleton, no error block, whether waiting or refreshing.
    'loaded.waiting': (h) => {
      expect(h.fakes.calls('loadBalances').length).toBeGreaterThan(0);
      expect(screen.queryByTestId('loading')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'loaded.refreshing': (h, s) => {
      expect(h.fakes.calls('loadBalances').at(-1)).toEqual({ fiat: s.context.fiat });
      expect(screen.queryByTestId('loading')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  },
});

describe('balances on screen', () => {
  const mount = (loadBalances: AnyActorLogic = fromPromise(async () => dataA), onRender?: () => void) =>
    mountApp({
      path: '/home',
      signedIn: user,
      wallet: { loadCatalogue: fromPromise(async () => catalogue), loadBalances },
      onRender,
    });

  it('shows the exact total and amounts in each coin’s round', async () => {
    vi.useFakeTimers();
    mount();
    await settle();
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    expect(screen.getAllByTestId('crypto').map((e) => e.textContent)).toEqual(['0.5 BTC', '100.5 USDT']);
    expect(screen.getAllByTestId('fiat').map((e) => e.textContent)).toEqual(['$30,000.00', '$100.50']);
  });

  it('polls every 10 s and an unchanged answer commits nothing', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let commits = 0;
    mount(
      fromPromise(async () => ((calls += 1), { assets: holdingsA.map((a) => ({ ...a })), rates: { ...rates } })),
      () => void (commits += 1),
    );
    await settle();
    const before = commits;
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS * 3));
    expect(calls).toBe(4);
    expect(commits).toBe(before);
  });

  it('keeps the data when polls fail, marks it with its time, backs off 20 s, 40 s, 60 s, 60 s, and recovers', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(atA);
    let mode: 'ok' | 'down' = 'ok';
    let calls = 0;
    mount(
      fromPromise(async () => {
        calls += 1;
        if (mode === 'down') throw new Error('offline');
        return { ...dataA, at: Date.now() };
      }),
    );
    await settle();
    expect(calls).toBe(1);
    mode = 'down';
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS));
    expect(calls).toBe(2);
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    expect(screen.getByTestId('total').hasAttribute('data-dated')).toBe(true);
    expect(screen.getByTestId('balances-updated').textContent).toBe(
      `Updated ${formatTime(atA, 'en')}. Could not refresh, retrying…`,
    );
    // Each wait doubles up to the minute: one millisecond short of it, no poll yet.
    for (const wait of [20_000, 40_000, 60_000, 60_000]) {
      const before = calls;
      await act(() => vi.advanceTimersByTimeAsync(wait - 1));
      expect(calls, `no poll before ${wait} ms`).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(calls, `a poll after ${wait} ms`).toBe(before + 1);
    }
    mode = 'ok';
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.queryByTestId('balances-updated')).toBeNull();
    expect(screen.getByTestId('total').hasAttribute('data-dated')).toBe(false);
    // Back to the normal 10 s.
    const before = calls;
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_POLL_MS));
    expect(calls).toBe(before + 1);
  });

  it('re-renders the total in a newly selected fiat', async () => {
    vi.useFakeTimers();
    const app = mount(
      fromPromise(async ({ input }: { input: { fiat: string } }) => ({
        assets: holdingsA,
        rates: { BTC: { [input.fiat]: rates.BTC[input.fiat] }, USDT_TRX: { [input.fiat]: rates.USDT_TRX[input.fiat] } },
      })),
    );
    await settle();
    act(() => app.preferences.send({ type: 'currency.selected', currency: 'EUR' }));
    await settle();
    expect(screen.getByTestId('total').textContent).toBe('€27,592.46');
  });
});

describe('balances wait for the fiat (no rate call without one)', () => {
  it('signed in without a local choice: nothing loads until the account says EUR, then EUR only', async () => {
    vi.useFakeTimers();
    const fiats: unknown[] = [];
    let answerProfile: (p: UserProfile) => void = () => {};
    const app = mountApp({
      path: '/home',
      signedIn: user,
      loadProfile: () => new Promise<UserProfile>((resolve) => void (answerProfile = resolve)),
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async ({ input }: { input: { fiat: unknown } }) => {
          fiats.push(input.fiat);
          return { assets: holdingsA, rates: { BTC: { EUR: rates.BTC.EUR }, USDT_TRX: { EUR: rates.USDT_TRX.EUR } } };
        }),
      },
    });
    await settle();
    expect(app.balances.getSnapshot().value).toBe('awaitingFiat');
    expect(fiats).toEqual([]);
    expect(screen.getByTestId('total').querySelector('[data-skeleton]')).not.toBeNull();
    await act(async () => answerProfile(profileIn('EUR')));
    await settle();
    expect(fiats).toEqual(['EUR']);
    expect(screen.getByTestId('total').textContent).toBe('€27,592.46');
  });

  it('the account has no default fiat: the default USD is used, never an undefined one', async () => {
    vi.useFakeTimers();
    const fiats: unknown[] = [];
    mountApp({
      path: '/home',
      signedIn: user,
      loadProfile: async () =>
        ({ ...profileIn('USD'), accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG' }] }) as UserProfile,
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async ({ input }: { input: { fiat: unknown } }) => (fiats.push(input.fiat), dataA)),
      },
    });
    await settle();
    await settle();
    expect(fiats).toEqual(['USD']);
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
  });
});
