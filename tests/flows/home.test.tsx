/**
 * Home (spec §2): first-time screen and adding the suggested assets, the wallet-protection prompt and
 * the messenger banner with their persisted dismissals — driven from the production home machine on
 * the rendered /home. Whether assets exist comes from the balances machine: drivers change what the
 * fake server holds, as a deposit or another device would.
 */
import { act, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { homeMachine, type HomeInput } from '../../machines/home.machine';
import { SUGGESTED_ASSETS } from '../../machines/shared/coins';
import type { Asset } from '../../src/api/wallet';
import { describeModel, settle, type ModelConfig } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { asset, catalogue, holdingsA, rates } from '../fixtures/wallet';
import { fakeNetwork, makeUser, mountApp, pathname, type MountedApp } from './app/harness';
import { isShown } from '../support/dom';

/** `world` is shared by reference: the runner copies the harness object. */
type H = { app: MountedApp; world: { server: Asset[] } };
const input: HomeInput = {
  isTelegram: false,
  protectDismissed: false,
  bannerClosed: false,
  hiddenAssets: [],
  lastTgLinked: null,
};
/** Where the device keeps makeUser()'s last known messenger link (src/app/homeStore.ts). */
const LINKED_KEY = 'tgLinked:user-1';
const flagsNoPin = { pinCodeActive: false, tgLinked: false };
const flagsLinked = { pinCodeActive: true, tgLinked: true };

const promptAllowed = (s: AnyMachineSnapshot) =>
  !s.context.protectDismissed && s.context.flags?.pinCodeActive === false;
// The answer decides once it came; until then (or when it failed) the link state the device remembers.
const bannerShown = (s: AnyMachineSnapshot) =>
  !s.context.bannerClosed && (s.context.flags?.tgLinked ?? s.context.lastTgLinked) === false;

async function serverHolds(h: H, assets: Asset[]) {
  if (JSON.stringify(h.world.server) === JSON.stringify(assets)) return;
  h.world.server = assets;
  act(() => h.app.balances.send({ type: 'balances.refreshRequested' }));
  await settle();
}

/**
 * The model from a device that knows nothing of the user's link (`remembered` null), or remembers it as
 * not linked: then the banner is painted at once, and an answer saying "linked" (made since on another
 * device) takes it away.
 */
const homeModel = (remembered: boolean | null): ModelConfig<typeof homeMachine, H> => ({
  machine: homeMachine,
  input: { ...input, lastTgLinked: remembered },
  events: (s) => {
    if (s.matches('leftForProtection')) return [];
    const list: Array<{ type: string; output?: unknown; error?: unknown }> = [];
    if (s.matches({ active: { user: 'loading' } })) {
      list.push(
        { type: 'xstate.done.actor.loadUserFlags', output: flagsNoPin },
        { type: 'xstate.done.actor.loadUserFlags', output: flagsLinked },
        { type: 'xstate.error.actor.loadUserFlags', error: { status: 500, code: 'HTTP_500' } },
      );
    }
    if (s.matches({ active: { suggested: 'idle' } })) list.push({ type: 'suggested.added' });
    if (s.matches({ active: { suggested: 'adding' } })) {
      list.push(
        { type: 'xstate.done.actor.addAssets' },
        { type: 'xstate.error.actor.addAssets', error: { status: 500, code: 'HTTP_500' } },
      );
    }
    if (promptAllowed(s) && s.matches({ active: { suggested: 'idle' } }))
      list.push({ type: 'protectPrompt.dismissed' }, { type: 'protectPrompt.accepted' });
    if (bannerShown(s)) list.push({ type: 'banner.closed' });
    return list as never;
  },
  keepIgnored: () => false,
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const h = { world: { server: [] }, actor: captureLiveActor(homeMachine) } as unknown as H & {
      actor: () => AnyActorRef | undefined;
    };
    h.app = mountApp({
      path: '/home',
      signedIn: makeUser(),
      storage: remembered === null ? {} : { [LINKED_KEY]: String(remembered) },
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets: h.world.server, rates })),
        loadUserFlags: fakes.promise('loadUserFlags'),
        addAssets: fakes.promise('addAssets'),
      },
    });
    await settle();
    return h;
  },
  drive: {
    'suggested.added': async (_e, h) => {
      await serverHolds(h, []);
      await h.user.click(screen.getByRole('button', { name: 'Add these assets' }));
    },
    'xstate.done.actor.addAssets': (_e: unknown, h) =>
      act(async () => {
        h.world.server = SUGGESTED_ASSETS.map((c) => asset(c, '0'));
        h.fakes.resolve('addAssets', undefined);
      }),
    'protectPrompt.dismissed': async (_e, h) => {
      await serverHolds(h, holdingsA);
      await h.user.click(screen.getByRole('button', { name: 'Not now' }));
    },
    'protectPrompt.accepted': async (_e, h) => {
      await serverHolds(h, holdingsA);
      await h.user.click(screen.getByRole('button', { name: 'Set a passcode' }));
    },
    'banner.closed': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Close the Telegram banner' })),
  },
  states: {
    '*': (_h, s) => {
      expect(window.localStorage.getItem('isProtectWalletShown')).toBe(s.context.protectDismissed ? 'true' : null);
      expect(window.localStorage.getItem('isTelegramBannerClosed')).toBe(s.context.bannerClosed ? 'true' : null);
      // The device keeps the last answer for the next Home (until one came, what it had).
      const kept = s.context.flags?.tgLinked ?? s.context.lastTgLinked;
      expect(window.localStorage.getItem(LINKED_KEY)).toBe(kept === null ? null : String(kept));
    },
    leftForProtection: (h) => {
      // Straight into set-up, the keypad ready: not the wallet-protection page with its toggle off.
      expect(pathname(h.app)).toBe('/settings/wallet-protection/set');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create a passcode');
      expect(screen.getByRole('group', { name: 'Passcode keypad' })).toBeInstanceOf(HTMLElement);
      expect(screen.queryByRole('heading', { name: 'Protect your wallet' })).toBeNull();
    },
    'active.user.loading': (h, s) => {
      expect(h.fakes.calls('loadUserFlags')).toHaveLength(1);
      // Painted from what the device remembers, before GET /user/auth answers.
      expect(screen.queryByRole('region', { name: 'Telegram' }) !== null, 'banner').toBe(bannerShown(s));
      expect(screen.queryByRole('heading', { name: 'Protect your wallet' })).toBeNull();
    },
    'active.user.known': (h, s) => {
      expect(screen.queryByRole('region', { name: 'Telegram' }) !== null, 'banner').toBe(bannerShown(s));
      const prompt = screen.queryByRole('heading', { name: 'Protect your wallet' }) !== null;
      expect(prompt, 'protection prompt').toBe(promptAllowed(s) && h.world.server.length > 0);
      if (prompt) expect(screen.queryByTestId('asset-list')).toBeNull();
    },
    'active.user.unknown': (_h, s) => {
      expect(screen.queryByRole('region', { name: 'Telegram' }) !== null, 'banner').toBe(bannerShown(s));
      expect(screen.queryByRole('heading', { name: 'Protect your wallet' })).toBeNull();
    },
    'active.suggested.idle': (h) => {
      if (h.world.server.length > 0) return expect(screen.queryByTestId('first-time')).toBeNull();
      const first = screen.getByTestId('first-time');
      expect(
        within(first)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['BitcoinBTC', 'EthereumETH', 'Tether USDUSDT TRC-20']);
      expect(screen.getByRole('button', { name: 'Add these assets' }).getAttribute('aria-busy')).toBeNull();
    },
    'active.suggested.adding': (h) => {
      expect(screen.getByRole('button', { name: 'Add these assets' }).getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('addAssets').at(-1)).toEqual({ currencies: ['BTC', 'ETH', 'USDT_TRX'] });
    },
  },
});

describeModel('home', homeModel(null));
describeModel('home, the device remembering "not linked"', homeModel(false));

describe('home screen', () => {
  const mount = (assets: Asset[], extra: Parameters<typeof mountApp>[0] = { path: '/home' }) =>
    mountApp({
      signedIn: makeUser(),
      ...extra,
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets, rates })),
        loadUserFlags: fromPromise(async () => flagsLinked),
      },
    });

  it('offers the swap shortcut with BTC → USDT_TRX preselected when both are held', async () => {
    mount(holdingsA);
    await settle();
    const swap = screen.getByRole('link', { name: 'Swap' });
    expect(swap.getAttribute('href')).toBe('/swap/order?from=BTC&to=USDT_TRX');
    expect(screen.getByRole('link', { name: 'Receive' }).getAttribute('href')).toBe('/select-asset/receive');
    expect(screen.getByRole('link', { name: 'Send' }).getAttribute('href')).toBe('/select-asset/send');
    expect(screen.getByRole('link', { name: 'Buy / Sell' }).getAttribute('href')).toBe('/home/buy-sell');
    expect(screen.getByRole('link', { name: 'Manage assets' }).getAttribute('href')).toBe('/manage-assets');
  });

  it('hides the swap shortcut without both coins, and hidden coins from the list', async () => {
    mount(holdingsA, { path: '/home', storage: { disabledAssets: '["USDT_TRX"]' } });
    await settle();
    expect(screen.getAllByTestId('crypto').map((e) => e.textContent)).toEqual(['0.5 BTC']);
    // Hidden coins still count: the money is there.
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
  });

  it('the eye hides every amount on Home, is stored on the device and shows them again', async () => {
    const app = mount(holdingsA);
    await settle();
    const eye = screen.getByRole('button', { name: 'Hide balances' });
    expect(eye.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    act(() => eye.click());
    await settle();
    expect(eye.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('total').textContent).toBe('••••••');
    // The coin stays named; only its amount and value are masked.
    expect(screen.getAllByTestId('crypto').map((e) => e.textContent)).toEqual(['•••••• BTC', '•••••• USDT']);
    expect(screen.getAllByTestId('fiat').map((e) => e.textContent)).toEqual(['••••••', '••••••']);
    expect(document.body.textContent).not.toMatch(/30,100|100\.5|0\.5 BTC/);
    expect(window.localStorage.getItem('hideBalances')).toBe('true');
    expect(app.preferences.getSnapshot().context.hideBalances).toBe(true);
    act(() => eye.click());
    await settle();
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    expect(window.localStorage.getItem('hideBalances')).toBe('false');
  });

  it('starts masked when the device stored hidden balances', async () => {
    mount(holdingsA, { path: '/home', storage: { hideBalances: 'true' } });
    await settle();
    expect(screen.getByRole('button', { name: 'Hide balances' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('total').textContent).toBe('••••••');
  });

  it('opens an asset from the list', async () => {
    mount(holdingsA);
    await settle();
    expect(screen.getByRole('link', { name: /Bitcoin/ }).getAttribute('href')).toBe('/home/asset/BTC');
  });

  it('shows no messenger banner inside the messenger', async () => {
    mountApp({
      path: '/home',
      signedIn: makeUser(),
      isTelegram: true,
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets: holdingsA, rates })),
        loadUserFlags: fromPromise(async () => flagsNoPin),
      },
      storage: { isProtectWalletShown: 'true' },
    });
    await settle();
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
    expect(isShown(screen.getByTestId('asset-list')), 'shown').toBe(true);
  });

  it('asks GET /user/auth at sign-in, so the first Home shows the banner from that answer; a later Home asks again', async () => {
    const answers: Array<(tgAuth: boolean) => void> = [];
    const app = mountApp({
      path: '/exchange',
      signedIn: makeUser(),
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets: holdingsA, rates })),
      },
      api: { user: { getAuthInfo: () => new Promise((resolve) => answers.push((tgAuth) => resolve({ tgAuth }))) } },
    });
    await settle();
    // Signed in on another screen: the call is already out, before Home (and its chunk) is there.
    expect(answers).toHaveLength(1);
    await act(() => app.router.navigate({ to: '/home' }));
    await settle();
    expect(answers).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
    act(() => answers[0]!(false));
    await settle();
    expect(screen.getByRole('region', { name: 'Telegram' }).textContent).toMatch('Use your wallet in Telegram too.');

    // Linked meanwhile (in the messenger): the next Home asks again instead of reusing the first answer.
    await act(() => app.router.navigate({ to: '/exchange' }));
    await act(() => app.router.navigate({ to: '/home' }));
    await settle();
    expect(answers).toHaveLength(2);
    act(() => answers[1]!(true));
    await settle();
    expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
  });

  it('buy/sell chooser: buy with card opens the choice of coin', async () => {
    mount(holdingsA, { path: '/home/buy-sell' });
    await settle();
    expect(screen.getByRole('link', { name: 'Buy with card' }).getAttribute('href')).toBe('/buy/get');
    // Sell is live (issue 11): it leads to the choice of the crypto to sell.
    expect(screen.getByRole('link', { name: 'Sell to card' }).getAttribute('href')).toBe('/sell/get');
  });

  it('balances without their prices: the total waits as a skeleton, and once offline shows "—" dated, not a skeleton that cannot load', async () => {
    const network = fakeNetwork();
    mountApp({
      path: '/home',
      signedIn: makeUser(),
      network,
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ({ assets: holdingsA, rates: null, at: Date.now() })),
        loadUserFlags: fromPromise(async () => flagsLinked),
      },
    });
    await settle();
    expect(screen.getAllByTestId('crypto').map((e) => e.textContent)).toEqual(['0.5 BTC', '100.5 USDT']);
    expect(screen.getByTestId('total').getAttribute('aria-label')).toBe('Loading');
    act(() => network.change('offline'));
    await settle();
    const total = screen.getByTestId('total');
    expect(total.textContent).toBe('—');
    expect(total.getAttribute('data-dated')).toBe('true');
    expect(total.getAttribute('aria-label')).toBeNull();
    expect(screen.getByTestId('balances-updated').textContent).toMatch(/^Updated /);
  });

  it('GET /user failing at start (the connection down for 5 s): Home asks again by itself and then shows the balances', async () => {
    vi.useFakeTimers();
    try {
      const downUntil = Date.now() + 5_000;
      const profile = {
        id: 'user',
        email: 'a@b.c',
        pinCodeActive: false,
        accounts: [{ id: 'acc-1', name: 'Account', language: 'ENG' as const, defaultFiatCurrency: 'USD' as const }],
      };
      mount(holdingsA, {
        path: '/home',
        // The connection is back after 5 s: every caller asking before that fails.
        loadProfile: async () => {
          if (Date.now() < downUntil) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
          return profile;
        },
      });
      await settle();
      // No figures while the profile (the account and its fiat) is missing.
      await act(() => vi.advanceTimersByTimeAsync(10_000 - 1));
      expect(screen.queryByTestId('asset-list')).toBeNull();
      // 10 s after the failures the first load is tried again (the balances' and the profile's retries).
      await act(() => vi.advanceTimersByTimeAsync(1));
      await settle();
      expect(screen.getByTestId('total').textContent).toBe('$30,100.50');
      expect(
        within(screen.getByTestId('asset-list'))
          .getAllByTestId('crypto')
          .map((e) => e.textContent),
      ).toEqual(['0.5 BTC', '100.5 USDT']);
    } finally {
      vi.useRealTimers();
    }
  });
});
