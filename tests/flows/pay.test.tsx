/**
 * /pay?uri=… (issue 25): a payment request opened as a link. The production pay machine drives the
 * rendered screen (model-based); inside the app the link lands on the send form of the request's asset
 * with the address and amount filled in, and a request the wallet cannot pay says why, never guessing.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { payMachine, type PayContext } from '../../machines/pay.machine';
import type { PaymentRequest } from '../../machines/shared/paymentUri';
import { PayScreen } from '../../src/features/send/PayScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { fakePlatform, makeUser, mountApp, pathname, type FakeApis } from './app/harness';
import { btcAsset, btcCoin } from './asset-fixtures';
import { FEE, VALID, addressInput, amountInput, check } from './send-fixtures';
import { says } from '../support/dom';

const REQUEST = `bitcoin:${VALID}?amount=0.001`;
const problems: Record<string, string> = {
  notHeld: 'This request is for BTC, which is not in your wallet. Add BTC to pay it.',
  tooPrecise: 'The requested amount has more decimals than BTC allows (8).',
  unknownNetwork: 'This request is for a network this wallet does not support.',
  otherChain: 'This request is for a network this wallet does not support.',
  notUri: 'This is not a payment request this wallet can read.',
};

describeModel('pay', {
  machine: payMachine,
  events: {
    waiting: [
      { type: 'uri.opened', uri: REQUEST },
      { type: 'uri.opened', uri: `bitcoin:${VALID}?amount=0.000000001` },
      { type: 'uri.opened', uri: 'monero:4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx?tx_amount=1' },
      { type: 'uri.opened', uri: `ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359@137?value=1e18` },
      { type: 'uri.opened', uri: 'hello' },
    ],
    loading: [
      { type: 'xstate.done.actor.loadHeld', output: ['BTC', 'ETH'] },
      { type: 'xstate.done.actor.loadHeld', output: ['ETH'] },
      { type: 'xstate.error.actor.loadHeld', error: new Error('offline') },
    ],
    loadFailed: [{ type: 'load.retried' }],
  },
  mount: async ({ fakes }) => {
    const opened: PaymentRequest[] = [];
    const actor = createActor(
      payMachine.provide({
        actors: { loadHeld: fakes.promise('loadHeld') },
        actions: { openSend: (_, request) => void opened.push(request) },
      }),
    ).start();
    await renderInRouter(<PayScreen actor={actor} />, { path: '/pay' });
    return { actor, opened };
  },
  drive: {
    // The page hands the link's parameter over once mounted (PayPage).
    'uri.opened': (e, h) => act(async () => h.actor!.send(e)),
    'load.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
  },
  states: {
    '*': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment request'),
    waiting: (h) => {
      expect(screen.queryByRole('alert')).toBeNull();
      expect(h.opened).toEqual([]);
    },
    unreadable: (_h, s) => {
      const problem = (s.context as PayContext).problem!;
      expect(screen.getByTestId('pay-problem').textContent).toBe(problems[problem.kind]);
      expect(screen.queryByRole('status')).toBeNull();
    },
    loading: (h) => {
      expect(screen.getAllByRole('status').map(says)).toEqual(['Opening the payment request…']);
      expect(h.fakes.calls('loadHeld').length).toBeGreaterThan(0);
    },
    loadFailed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load your wallet.'),
    notHeld: () => {
      expect(screen.getByTestId('pay-problem').textContent).toBe(problems.notHeld);
      expect(screen.getByRole('link', { name: 'Manage assets' }).getAttribute('href')).toBe('/manage-assets');
    },
    opening: (h) => {
      // The send form opens with exactly what the request asked: never a rounded or guessed amount.
      expect(h.opened).toEqual([{ currency: 'BTC', address: VALID, amount: '0.001' }]);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  },
});

describe('a payment link in the app', () => {
  const api: FakeApis = {
    wallet: {
      getAssets: async () => [btcAsset()],
      getHistory: async () => ({ content: [], totalElements: 0, totalPages: 0, pageNumber: 1, pageSize: 100 }),
    },
    send: { checkAddress: async () => check(), preliminaryFee: async () => FEE },
    addressBook: { list: async () => [] },
  };
  const mount = (path: string, startParam: string | null = null) =>
    mountApp({
      path,
      signedIn: makeUser(),
      api,
      // Inside Telegram with a startapp value: the messenger's platform says it (src/platform/telegram.ts).
      ...(startParam ? { isTelegram: true, platform: { ...fakePlatform(true).platform, startParam } } : {}),
      wallet: {
        loadCatalogue: fromPromise(async () => [btcCoin]),
        loadBalances: fromPromise(async () => ({ assets: [btcAsset()], rates: {} })),
      },
    });

  it('/pay?uri=<BIP21> opens the BTC send form with the address and 0.001 filled in', async () => {
    const app = mount(`/pay?uri=${encodeURIComponent(REQUEST)}`);
    expect((await screen.findByRole('heading', { level: 1, name: 'Send BTC' })).textContent).toBe('Send BTC');
    await waitFor(() => expect(addressInput().value).toBe(VALID));
    expect(amountInput().value).toBe('0.001');
    expect(pathname(app)).toBe('/home/asset/BTC/send');
    // The request's address is checked like a typed one: the fee loads and Continue opens.
    await waitFor(() => expect(screen.getByTestId('send-fee').textContent).toBe(`Network fee: ${FEE} BTC`));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a request for an asset the wallet does not hold says so and opens nothing', async () => {
    const app = mount(
      `/pay?uri=${encodeURIComponent('ethereum:0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359?value=1e16')}`,
    );
    expect((await screen.findByTestId('pay-problem')).textContent).toBe(
      'This request is for ETH, which is not in your wallet. Add ETH to pay it.',
    );
    expect(pathname(app)).toBe('/pay');
  });

  it("Telegram's startapp=pay-… opens the request from Home, once", async () => {
    const app = mount('/home', `pay-0d001-BTC-${VALID}`);
    expect((await screen.findByRole('heading', { level: 1, name: 'Send BTC' })).textContent).toBe('Send BTC');
    await waitFor(() => expect(addressInput().value).toBe(VALID));
    expect(amountInput().value).toBe('0.001');
    expect(pathname(app)).toBe('/home/asset/BTC/send');
  });
});
