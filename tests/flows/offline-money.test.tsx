/**
 * Issue 14: actions that move money wait for the connection. Offline, the send form's Continue and the
 * review's Confirm are disabled with the reason shown above them (inside the messenger its main button
 * is disabled too, through the screen scaffold), Enter does not submit, and nothing reaches the
 * gateway; when the connection is back they work again without a reload.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { FakeApis } from './app/harness';
import { fakeNetwork, makeUser, mountApp, pathname } from './app/harness';
import { fakeControls } from '../support/fakeControls';
import { btcAsset, btcCoin } from './asset-fixtures';
import { FEE, VALID, addressInput, amountInput, check } from './send-fixtures';
import { isShown } from '../support/dom';

const REASON = 'No connection. You can continue once you are back online.';

function mount(telegram: boolean) {
  const withdrawals: unknown[] = [];
  const api: FakeApis = {
    wallet: {
      getAssets: async () => [btcAsset()],
      getHistory: async () => ({ content: [], totalElements: 0, totalPages: 0, pageNumber: 1, pageSize: 100 }),
    },
    send: {
      checkAddress: async () => check(),
      preliminaryFee: async () => FEE,
      withdraw: async (...args) => void withdrawals.push(args) as never,
    },
    addressBook: { list: async () => [] },
  };
  const native = fakeControls();
  // The gateway answers a probe only while the page has its network: the `online` event brings it back.
  const network: ReturnType<typeof fakeNetwork> = fakeNetwork({
    probe: fromPromise(async () => {
      if (!network.state.online) throw new TypeError('Failed to fetch');
    }),
  });
  const app = mountApp({
    path: '/home/asset/BTC/send',
    signedIn: makeUser(),
    api,
    network,
    isTelegram: telegram,
    controls: telegram ? native.controls : undefined,
    wallet: {
      loadCatalogue: fromPromise(async () => [btcCoin]),
      loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: { BTC: { USD: 60000 } }, at: Date.now() })),
    },
  });
  return { app, native, network, withdrawals };
}

/** Disabled as the user meets it: its own attribute, or a disabled fieldset around it (a held screen). */
const disabled = (el: HTMLElement) => el.matches(':disabled');

const go = (network: ReturnType<typeof fakeNetwork>, to: 'online' | 'offline') => act(async () => network.change(to));

// The send form keeps its draft in the session: each test starts from an empty form.
afterEach(() => window.sessionStorage.clear());

describe('money actions offline', () => {
  it('send: Continue is disabled with its reason, Enter does nothing, and it comes back with the connection', async () => {
    const { app, network, withdrawals } = mount(false);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Send BTC' });
    await user.type(addressInput(), VALID);
    await user.type(amountInput(), '0,5');
    const continueButton = () => screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(disabled(continueButton())).toBe(false));
    expect(screen.queryByText(REASON)).toBeNull();

    await go(network, 'offline');
    expect(disabled(continueButton())).toBe(true);
    expect(screen.getByTestId('screen-hold').textContent).toBe(REASON);
    expect(isShown(screen.getByTestId('offline-banner')), 'shown').toBe(true);
    await user.click(continueButton());
    await user.type(amountInput(), '{Enter}');
    expect(pathname(app)).toBe('/home/asset/BTC/send');

    await go(network, 'online');
    await waitFor(() => expect(disabled(continueButton())).toBe(false));
    expect(screen.queryByText(REASON)).toBeNull();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    await user.click(continueButton());
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/review'));

    // The review's Confirm waits the same way; nothing is sent while offline.
    await go(network, 'offline');
    const confirm = await screen.findByRole('button', { name: 'Confirm and send' });
    expect(disabled(confirm)).toBe(true);
    expect(screen.getByTestId('screen-hold').textContent).toBe(REASON);
    await user.click(confirm);
    expect(withdrawals).toEqual([]);
    await go(network, 'online');
    await waitFor(() => expect(disabled(screen.getByRole('button', { name: 'Confirm and send' }))).toBe(false));
  });

  it('inside the messenger the main button is disabled offline, a press does nothing, and the reason stays visible', async () => {
    const { app, native, network } = mount(true);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Send BTC' });
    await user.type(addressInput(), VALID);
    await user.type(amountInput(), '0,5');
    await waitFor(() =>
      expect(native.shown.main, native.log.join(' ')).toEqual({ text: 'Continue', enabled: true, busy: false }),
    );

    await go(network, 'offline');
    await waitFor(() =>
      expect(native.shown.main, native.log.join(' ')).toEqual({ text: 'Continue', enabled: false, busy: false }),
    );
    // The page's own button is hidden (the messenger draws it), but the reason is on the page.
    expect(screen.getByTestId('screen-hold').closest('[hidden]')).toBeNull();
    expect(screen.getByTestId('screen-hold').textContent).toBe(REASON);
    native.pressMain();
    await act(async () => {});
    expect(pathname(app)).toBe('/home/asset/BTC/send');

    await go(network, 'online');
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: true, busy: false }));
    native.pressMain();
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/review'));
  });
});
