/**
 * Manage assets (spec §2, §4): a coin not held is added on the server (busy row, then balances refresh),
 * a held coin is hidden or shown locally and persisted in `disabledAssets` — driven from the production
 * machine through the switches on /manage-assets.
 */
import { act, screen } from '@testing-library/react';
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { manageAssetsMachine, type ManageAssetsEvent } from '../../machines/manageAssets.machine';
import { describeModel, settle } from '../support/mbt';
import { captureLiveActor } from '../support/liveActor';
import { asset, catalogue, holdingsA, rates } from '../fixtures/wallet';
import { makeUser, mountApp, pathname } from './app/harness';
import { isShown } from '../support/dom';

const toggle = (currency: string | null) => {
  const found = screen.getAllByRole('switch').find((b) => b.getAttribute('data-currency') === currency);
  if (!found) throw new Error(`no switch for ${currency}`);
  return found as HTMLButtonElement;
};
const held = (s: AnyMachineSnapshot, c: string) =>
  holdingsA.some((a) => a.currency === c) || s.context.added.includes(c);

describeModel('manageAssets', {
  machine: manageAssetsMachine,
  input: { hidden: [] },
  events: (s) => {
    const list: Array<ManageAssetsEvent | { type: string; error?: unknown }> = [
      { type: 'asset.toggled', currency: 'BTC', held: true },
      { type: 'asset.toggled', currency: 'ETH', held: false },
    ];
    if (s.matches('adding'))
      list.push(
        { type: 'xstate.done.actor.addAsset' },
        { type: 'xstate.error.actor.addAsset', error: { status: 400, code: 'UNKNOWN_CURRENCY' } },
      );
    // A switch is disabled while its own coin is being added.
    return list.filter((e) => !('currency' in e) || e.currency !== s.context.adding) as never;
  },
  keepIgnored: (s, e) => e.type === 'asset.toggled' && s.matches('adding'),
  // Every transition from every state, so a held coin toggled during an add has its own path.
  generator: 'transitions',
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const world = { server: [...holdingsA], loads: 0, toasts: 0 };
    const actor = captureLiveActor(manageAssetsMachine);
    const app = mountApp({
      path: '/manage-assets',
      signedIn: makeUser(),
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ((world.loads += 1), { assets: world.server, rates })),
        addAsset: fakes.promise('addAsset'),
      },
    });
    await settle();
    return { app, world, actor };
  },
  drive: {
    'asset.toggled': (e, h) => h.user.click(toggle((e as { currency: string }).currency)),
    'xstate.done.actor.addAsset': (_e: unknown, h) =>
      act(async () => {
        h.world.server = [...h.world.server, asset('ETH', '0')];
        h.fakes.resolve('addAsset', undefined);
      }),
  },
  states: {
    '*': (h, s) => {
      expect(pathname(h.app)).toBe('/manage-assets');
      expect(JSON.parse(window.localStorage.getItem('disabledAssets') ?? '[]')).toEqual(s.context.hidden);
      const switches = screen.getAllByRole('switch');
      // Every active crypto coin of the catalogue, nothing else.
      expect(switches.map((b) => b.getAttribute('data-currency'))).toEqual([
        'BTC',
        'BTC_LNG',
        'ETH',
        'USDT_TRX',
        'TRX',
        'TON',
      ]);
      for (const c of ['BTC', 'ETH', 'USDT_TRX']) {
        const on = held(s, c) && !s.context.hidden.includes(c);
        expect(toggle(c).getAttribute('aria-checked'), `${c} switch`).toBe(String(on));
      }
    },
    idle: () => {
      for (const b of screen.getAllByRole('switch')) expect((b as HTMLButtonElement).disabled).toBe(false);
    },
    adding: (h, s) => {
      const row = toggle(s.context.adding);
      expect(row.getAttribute('aria-busy')).toBe('true');
      expect(row.disabled).toBe(true);
      expect(h.fakes.calls('addAsset').at(-1)).toEqual({ currency: s.context.adding });
    },
  },
});

describe('manage assets side effects', () => {
  it('refreshes balances after an add and shows an error toast on failure', async () => {
    vi.useFakeTimers();
    let loads = 0;
    let fail = false;
    mountApp({
      path: '/manage-assets',
      signedIn: makeUser(),
      wallet: {
        loadCatalogue: fromPromise(async () => catalogue),
        loadBalances: fromPromise(async () => ((loads += 1), { assets: holdingsA, rates })),
        addAsset: fromPromise(async () => {
          if (fail) throw new Error('nope');
        }),
      },
    });
    await settle();
    expect(loads).toBe(1);
    screen.getByRole('switch', { name: /^Ethereum/ }).click();
    await settle();
    expect(loads).toBe(2);
    fail = true;
    screen.getByRole('switch', { name: /^Toncoin/ }).click();
    await settle();
    expect(isShown(screen.getByText('Could not add the asset. Please try again.')), 'shown').toBe(true);
    expect(screen.getByRole('switch', { name: /^Toncoin/ }).getAttribute('aria-checked')).toBe('false');
  });
});
