/**
 * Send inside the real app (router, guards, services): the three URLs of one send machine, the calls
 * with the active account, the idempotency key kept across a failed try and a reload (guide §8 item
 * 12), the passcode step when the profile says pinCodeActive, and the platform clipboard.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { WithdrawalRequest } from '../../src/api/send';
import type { UserProfile } from '../../src/api/userProfile';
import type { RatesMap } from '../../src/api/wallet';
import { makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { btcAsset, btcCoin } from './asset-fixtures';
import { FEE, VALID, addressInput, amountInput, button, check, sentTransaction, serverError } from './send-fixtures';
import { isShown, text } from '../support/dom';

type Withdrawal = { account: string; request: WithdrawalRequest; pincode: string };

function fakeCalls(failFirst = false) {
  const withdrawals: Withdrawal[] = [];
  const calls: FakeApis = {
    wallet: {
      getAssets: async () => [btcAsset()],
      getHistory: async () => ({ content: [], totalElements: 0, totalPages: 0, pageNumber: 1, pageSize: 100 }),
    },
    send: {
      checkAddress: async () => check(),
      preliminaryFee: async () => FEE,
      withdraw: async (account, request, pincode = '') => {
        withdrawals.push({ account, request, pincode });
        if (failFirst && withdrawals.length === 1) throw serverError('HTTP_503', 'The service is busy, try again', 503);
        return sentTransaction;
      },
    },
    addressBook: { list: async () => [] },
  };
  return { calls, withdrawals };
}

const profile = (pinCodeActive: boolean): UserProfile => ({
  id: 'user',
  email: 'ann@example.com',
  pinCodeActive,
  accounts: [{ id: 'acc-7', name: 'Account', language: 'ENG', defaultFiatCurrency: 'USD' }],
});

/** The app's balances poll brings a rate of 60 000 $/BTC unless told there is none. */
const mount = (path: string, api: FakeApis, pinCodeActive = false, rates: RatesMap = { BTC: { USD: 60000 } }) =>
  mountApp({
    path,
    signedIn: makeUser(),
    account: profile(pinCodeActive),
    api,
    wallet: {
      loadCatalogue: fromPromise(async () => [btcCoin]),
      loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates })),
    },
  });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  expect(text(await screen.findByRole('heading', { level: 1, name: 'Send BTC' })), 'heading').toBe('Send BTC');
  await user.type(addressInput(), VALID);
  await user.type(amountInput(), '0,5');
  await waitFor(() => expect(button('Continue').disabled).toBe(false));
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('send pages in the app', () => {
  it('form → review → progress on their own URLs, with the active account and one key', async () => {
    const { calls, withdrawals } = fakeCalls();
    const app = mount('/home/asset/BTC/send', calls);
    const user = userEvent.setup();
    await fillForm(user);
    expect(amountInput().value).toBe('0.5');
    // The fiat value from the rates the balances poll loaded, under the amount.
    expect((await screen.findByTestId('send-amount-fiat')).textContent).toBe('≈ $30,000.00');
    await user.click(button('Continue'));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/review'));
    expect((await screen.findByTestId('review-total')).textContent).toBe('0.5001 BTC');
    expect(screen.getByTestId('review-receive-fiat').textContent).toBe('≈ $30,000.00');
    expect(screen.getByTestId('review-fee-fiat').textContent).toBe('≈ $6.00');
    expect(screen.getByTestId('review-total-fiat').textContent).toBe('≈ $30,006.00');
    await user.click(button('Confirm and send'));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/progress'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Transfer in progress');
    expect(withdrawals).toHaveLength(1);
    const [{ account, request, pincode }] = withdrawals;
    expect(account).toBe('acc-7');
    expect(pincode).toBe('');
    expect(request).toMatchObject({ currency: 'BTC', amount: '0.5', depositAddress: VALID });
    expect(request.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    // Sent: the key and the draft are gone, so the next review gets a new key.
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Add to address book' }));
    await waitFor(() => expect(pathname(app)).toBe('/settings/address-book/create'));
    expect(((await screen.findByLabelText('Address')) as HTMLInputElement).value).toBe(VALID);
  });

  it('without a rate the form and the review show no fiat line', async () => {
    const { calls } = fakeCalls();
    mount('/home/asset/BTC/send', calls, false, {});
    const user = userEvent.setup();
    await fillForm(user);
    expect(screen.queryByTestId('send-amount-fiat')).toBeNull();
    await user.click(button('Continue'));
    expect((await screen.findByTestId('review-total')).textContent).toBe('0.5001 BTC');
    expect(screen.queryByTestId('review-receive-fiat')).toBeNull();
    expect(screen.queryByTestId('review-total-fiat')).toBeNull();
    expect(document.body.textContent).not.toContain('$');
  });

  it('a failed try, then a reload on the review: the same key is sent again', async () => {
    const { calls, withdrawals } = fakeCalls(true);
    const first = mount('/home/asset/BTC/send', calls);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(isShown(await screen.findByTestId('review-error')), 'shown').toBe(true);
    expect(screen.getByTestId('review-error').textContent).toBe('The service is busy, try again');
    expect(
      isShown(await screen.findByText('The service is busy, try again', { selector: '[data-kind]' })),
      'shown',
    ).toBe(true);
    const key = withdrawals[0].request.idempotencyKey;

    // Reload on /send/review: the form comes back filled from the draft, and the review reuses the key.
    first.view.unmount();
    const app = mount('/home/asset/BTC/send/review', calls);
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send'));
    await waitFor(() => expect(addressInput().value).toBe(VALID));
    expect(amountInput().value).toBe('0.5');
    await waitFor(() => expect(button('Continue').disabled).toBe(false));
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/progress'));
    expect(withdrawals.map((w) => w.request.idempotencyKey)).toEqual([key, key]);
  });

  it('editing the amount makes a new review with a new key; the back button edits the review', async () => {
    const { calls, withdrawals } = fakeCalls(true);
    const app = mount('/home/asset/BTC/send', calls);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    await screen.findByTestId('review-error');
    act(() => app.router.history.back());
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send'));
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Send BTC' })), 'heading').toBe('Send BTC');
    await user.type(amountInput(), '1');
    expect(amountInput().value).toBe('0.51');
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    await waitFor(() => expect(withdrawals).toHaveLength(2));
    expect(withdrawals[1].request.amount).toBe('0.51');
    expect(withdrawals[1].request.idempotencyKey).not.toBe(withdrawals[0].request.idempotencyKey);
  });

  it('with a passcode on the profile, Confirm asks for it and sends it in the pincode header', async () => {
    const { calls, withdrawals } = fakeCalls();
    const app = mount('/home/asset/BTC/send', calls, true);
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(button('Continue'));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Enter your passcode to send' })), 'heading').toBe(
      'Enter your passcode to send',
    );
    expect(withdrawals).toHaveLength(0);
    for (const digit of ['4', '3', '2', '1']) await user.click(button(digit));
    await waitFor(() => expect(pathname(app)).toBe('/home/asset/BTC/send/progress'));
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0].pincode).toBe('4321');
    expect(withdrawals[0].request.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('pastes the address from the platform clipboard', async () => {
    const { calls } = fakeCalls();
    const app = mount('/home/asset/BTC/send', calls);
    app.clipboard.text = `  ${VALID}\n`;
    const user = userEvent.setup();
    expect(text(await screen.findByRole('heading', { level: 1, name: 'Send BTC' })), 'heading').toBe('Send BTC');
    await user.click(button('Paste'));
    await waitFor(() => expect(addressInput().value).toBe(VALID));
    expect(isShown(await screen.findByText('Address pasted')), 'shown').toBe(true);
    expect((await screen.findByTestId('send-fee')).textContent).toBe(`Network fee: ${FEE} BTC`);
  });
});
