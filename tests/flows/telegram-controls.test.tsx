/**
 * Inside the messenger the scaffold hands each screen's back control and primary action to Telegram's
 * own back and main buttons (guide §5), and guards closing on reviews and passcode entry. Driven
 * through the real app with a fake messenger (tests/support/fakeControls.ts): what it shows, and what
 * its presses do, compared with the page's own controls in a browser.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { UserProfile } from '../../src/api/userProfile';
import type { Transaction } from '../../src/api/wallet';
import { createControlsHost } from '../../src/ui/controlsHost';
import { fakeControls } from '../support/fakeControls';
import { makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { btcAsset, btcCoin } from './asset-fixtures';
import { FEE, VALID, addressInput, amountInput, check, sentTransaction } from './send-fixtures';
import { isEnabled } from '../support/dom';

const profile = (pinCodeActive = false): UserProfile => ({
  id: 'user',
  email: 'ann@example.com',
  pinCodeActive,
  accounts: [{ id: 'acc-7', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
});

function mount(path: string, options: { telegram: boolean; api?: FakeApis; pinCodeActive?: boolean }) {
  const native = fakeControls();
  const app = mountApp({
    path,
    signedIn: makeUser(),
    account: profile(options.pinCodeActive),
    api: options.api,
    isTelegram: options.telegram,
    controls: options.telegram ? native.controls : undefined,
    wallet: {
      loadCatalogue: fromPromise(async () => [btcCoin]),
      loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: { BTC: { USD: 60000 } } })),
    },
  });
  return { app, native };
}

function sendApi() {
  let release: (tx: Transaction) => void = () => {};
  const withdrawals: string[] = [];
  const api: FakeApis = {
    // The send form loads the network's history for its poisoning guard: none here.
    wallet: {
      getAssets: async () => [btcAsset()],
      getHistory: async () => ({ content: [], totalElements: 0, totalPages: 0, pageNumber: 1, pageSize: 100 }),
    },
    send: {
      checkAddress: async () => check(),
      preliminaryFee: async () => FEE,
      withdraw: (_account, request) => {
        withdrawals.push(request.idempotencyKey);
        return new Promise<Transaction>((resolve) => (release = resolve));
      },
    },
    addressBook: { list: async () => [] },
  };
  return { api, withdrawals, release: (tx: Transaction) => act(() => release(tx)) };
}

afterEach(() => window.sessionStorage.clear());

describe('the controls host (one back stack)', () => {
  const state = (back: boolean, text: string | null, guard = false, enabled = true) => ({
    back,
    guard,
    main: text ? { text, enabled, busy: false } : null,
    pressBack: vi.fn(),
    pressMain: vi.fn(),
  });
  const flush = () => act(async () => {});

  it('the last mounted screen owns the buttons; a guard holds while any screen asks', async () => {
    const native = fakeControls();
    const host = createControlsHost(native.controls);
    const below = host.push();
    const belowState = state(true, 'Continue', true);
    below.update(belowState);
    await flush();
    expect(native.shown).toEqual({ back: true, main: { text: 'Continue', enabled: true, busy: false }, guard: true });
    const above = host.push();
    const aboveState = state(false, null);
    above.update(aboveState);
    await flush();
    expect(native.shown).toEqual({ back: false, main: null, guard: true });
    native.pressBack();
    expect(belowState.pressBack).not.toHaveBeenCalled();
    above.remove();
    await flush();
    expect(native.shown.back).toBe(true);
    native.pressBack();
    native.pressMain();
    expect(belowState.pressBack).toHaveBeenCalledTimes(1);
    expect(belowState.pressMain).toHaveBeenCalledTimes(1);
    below.remove();
    await flush();
    expect(native.shown).toEqual({ back: false, main: null, guard: false });
  });

  it('swapping screens in one commit does not blink the back button, and repeats are not re-sent', async () => {
    const native = fakeControls();
    const host = createControlsHost(native.controls);
    const first = host.push();
    first.update(state(true, 'Continue'));
    await flush();
    first.remove();
    host.push().update(state(true, 'Continue'));
    await flush();
    expect(native.log).toEqual(['back:true', 'main:Continue:on']);
  });

  it('a press on a disabled main button (raced by the messenger) does nothing', async () => {
    const native = fakeControls();
    const host = createControlsHost(native.controls);
    const disabled = state(false, 'Continue', false, false);
    host.push().update(disabled);
    await flush();
    native.pressMain();
    expect(disabled.pressMain).not.toHaveBeenCalled();
  });
});

describe('inside the messenger', () => {
  it('root tabs hide the back button; a nested screen shows it and it goes where the page back goes', async () => {
    const { app, native } = mount('/home', { telegram: true });
    await screen.findByRole('heading', { name: 'Total balance' });
    await waitFor(() => expect(native.shown).toEqual({ back: false, main: null, guard: false }));
    for (const [tab, heading] of [
      ['Settings', 'Settings'],
      ['Exchange', 'Exchange'],
      ['Notifications', 'Notifications'],
    ] as const) {
      await userEvent.click(screen.getByRole('link', { name: new RegExp(`^${tab}`) }));
      await screen.findByRole('heading', { level: 1, name: heading });
      await waitFor(() => expect(pathname(app)).toBe(`/${tab.toLowerCase()}`));
      expect(native.shown.back).toBe(false);
    }
    await act(() => app.router.navigate({ to: '/settings/wallet-protection' }));
    await screen.findByRole('heading', { level: 1, name: 'Wallet protection' });
    await waitFor(() => expect(native.shown.back).toBe(true));
    // No second back control on the page: the messenger draws it.
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
    native.pressBack();
    await waitFor(() => expect(pathname(app)).toBe('/settings'));
    await waitFor(() => expect(native.shown.back).toBe(false));
  });

  it('the send flow runs on the main button: disabled until valid, a loader while sending, closing guarded on the review', async () => {
    const send = sendApi();
    const { app, native } = mount('/home/asset/BTC/send', { telegram: true, api: send.api });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Send BTC' });
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: false, busy: false }));
    expect(native.shown.back).toBe(true);
    expect(native.shown.guard).toBe(false);
    // The page's own Continue is not shown twice.
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    native.pressMain();
    expect(pathname(app)).toBe('/home/asset/BTC/send');

    await user.type(addressInput(), VALID);
    await user.type(amountInput(), '0,5');
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Continue', enabled: true, busy: false }));
    native.pressMain();
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/review'));
    await waitFor(() =>
      expect(native.shown).toEqual({
        back: true,
        main: { text: 'Confirm and send', enabled: true, busy: false },
        guard: true,
      }),
    );

    // Back on the review edits it, as the page's "Edit" does; the guard ends with the review.
    native.pressBack();
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send'));
    await waitFor(() => expect(native.shown.guard).toBe(false));
    native.pressMain();
    await waitFor(() => expect(native.shown.main?.text).toBe('Confirm and send'));

    native.pressMain();
    await waitFor(() => expect(native.shown.main).toEqual({ text: 'Confirm and send', enabled: false, busy: true }));
    // While sending the back is disabled on the page, so the messenger's is hidden.
    expect(native.shown.back).toBe(false);
    native.pressMain();
    expect(send.withdrawals).toHaveLength(1);
    send.release(sentTransaction);
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/progress'));
    await waitFor(() =>
      expect(native.shown).toEqual({
        back: false,
        main: { text: 'Back to assets', enabled: true, busy: false },
        guard: false,
      }),
    );
    native.pressMain();
    await waitFor(() => expect(pathname(app)).toBe('/home'));
    await waitFor(() => expect(native.shown.main).toBeNull());
    expect(native.log).toContain('main:Confirm and send:off:busy');
  });

  it('the passcode entry guards closing too', async () => {
    const send = sendApi();
    const { native } = mount('/home/asset/BTC/send', { telegram: true, api: send.api, pinCodeActive: true });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Send BTC' });
    await user.type(addressInput(), VALID);
    await user.type(amountInput(), '0,5');
    await waitFor(() => expect(native.shown.main?.enabled).toBe(true));
    native.pressMain();
    await waitFor(() => expect(native.shown.main?.text).toBe('Confirm and send'));
    native.pressMain();
    await screen.findByRole('heading', { level: 1, name: 'Enter your passcode to send' });
    await waitFor(() => expect(native.shown).toEqual({ back: true, main: null, guard: true }));
    native.pressBack();
    await waitFor(() => expect(native.shown.main?.text).toBe('Confirm and send'));
    expect(native.shown.guard).toBe(true);
  });
});

describe('in a browser', () => {
  it('the page keeps its own back control and primary button', async () => {
    const { app } = mount('/settings/wallet-protection', { telegram: false });
    await screen.findByRole('heading', { level: 1, name: 'Wallet protection' });
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(pathname(app)).toBe('/settings'));
  });

  it('the send form shows its Continue button on the page', async () => {
    const send = sendApi();
    mount('/home/asset/BTC/send', { telegram: false, api: send.api });
    await screen.findByRole('heading', { level: 1, name: 'Send BTC' });
    expect(isEnabled(screen.getByRole('button', { name: 'Continue' })), 'disabled until the form is filled').toBe(
      false,
    );
  });
});
