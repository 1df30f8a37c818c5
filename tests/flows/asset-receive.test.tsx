/**
 * /home/asset/{currency}/receive (spec §1): QR of the deposit address, the full address, copy with a
 * toast, share (falling back to copy without a share sheet) and the network warning; driven from the
 * production receive machine.
 */
import { act, screen, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import {
  receiveMachine,
  type ReceiveError,
  type ReceiveTarget,
  type ShareOutcome,
} from '../../machines/receive.machine';
import { ReceiveScreen } from '../../src/features/asset/ReceiveScreen';
import { describeModel, settle } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { BTC_ADDRESS, btcCoin, labelled, usdtTrxCoin } from './asset-fixtures';
import { isEnabled, says } from '../support/dom';
import { replaceValue } from './send-fixtures';
import { requestOf, type ReceiveContext } from '../../machines/receive.machine';

const target = labelled<ReceiveTarget>('BTC address', { coin: btcCoin, address: BTC_ADDRESS });

const copy = () => screen.getByRole('button', { name: /^Copy/ }) as HTMLButtonElement;
const amountField = () => screen.getByLabelText('Request an amount, BTC (optional)') as HTMLInputElement;
/** Issue 25: 0.001 BTC asked: the QR carries BIP21, the link the app's /pay?uri= around it. */
const APP = 'https://wallet.example';
const BIP21 = `bitcoin:${BTC_ADDRESS}?amount=0.001`;
const LINK = `${APP}/pay?uri=${encodeURIComponent(BIP21)}`;
const share = () => screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement;
const errorTexts = {
  noAddress: 'Your deposit address is not ready yet.',
  notFound: 'This asset is not in your wallet.',
  server: 'Could not load your deposit address.',
};

describeModel('receive', {
  machine: receiveMachine,
  input: { currency: 'BTC', appUrl: APP },
  events: {
    loading: [
      { type: 'xstate.done.actor.loadAddress', output: target },
      { type: 'xstate.error.actor.loadAddress', error: { kind: 'noAddress' } },
      { type: 'xstate.error.actor.loadAddress', error: { kind: 'notFound' } },
      { type: 'xstate.error.actor.loadAddress', error: { status: 500, code: 'HTTP_500' } },
    ],
    failed: [{ type: 'address.retried' }],
    'ready.idle': [
      { type: 'copy.requested' },
      { type: 'share.requested' },
      // Issue 25: an amount to request (comma typed), cleared, and one past BTC's 8 decimals (refused).
      { type: 'amount.changed', value: '0,001' },
      { type: 'amount.changed', value: '' },
      { type: 'amount.changed', value: '0.000000001' },
    ],
    'ready.copying': [
      { type: 'xstate.done.actor.copyText' },
      { type: 'xstate.error.actor.copyText', error: new Error('denied') },
    ],
    'ready.sharing': [
      { type: 'xstate.done.actor.share', output: 'shared' },
      { type: 'xstate.done.actor.share', output: 'cancelled' },
      { type: 'xstate.done.actor.share', output: 'unavailable' },
      { type: 'xstate.error.actor.share', error: new Error('NotAllowedError') },
    ],
  },
  fakeTimers: true,
  mount: async ({ fakes }) => {
    const notes: string[] = [];
    const note = (what: string) => () => void notes.push(what);
    const actor = createActor(
      receiveMachine.provide({
        actors: {
          loadAddress: fakes.promise('loadAddress'),
          copyText: fakes.promise('copyText'),
          share: fakes.promise('share'),
        },
        actions: {
          notifyCopied: note('copied'),
          notifyCopyFailed: note('copyFailed'),
          notifyShareFailed: note('shareFailed'),
        },
      }),
      { input: { currency: 'BTC', appUrl: APP } },
    ).start();
    await renderInRouter(<ReceiveScreen actor={actor} />, { path: '/home/asset/BTC/receive' });
    return { actor, notes };
  },
  drive: {
    'address.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    'copy.requested': (_e, h) => h.user.click(copy()),
    'share.requested': (_e, h) => h.user.click(share()),
    'amount.changed': (e, h) => replaceValue(h.user, amountField(), e.value),
  },
  states: {
    '*': () => {
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home/asset/BTC');
    },
    loading: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Receive BTC');
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading address']);
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
      expect(h.fakes.calls('loadAddress').at(-1)).toEqual({ currency: 'BTC' });
    },
    failed: (_h, s) => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(errorTexts[(s.context.error as ReceiveError).kind]);
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByTestId('network-warning')).toBeNull();
    },
    ready: (_h, s) => {
      expect(screen.queryByRole('status', { name: 'Loading address' })).toBeNull();
      const asked = (s.context as ReceiveContext).amount === '0.001';
      expect(['', '0.001']).toContain((s.context as ReceiveContext).amount);
      expect(amountField().value).toBe(asked ? '0.001' : '');
      // The QR is an image named by what it encodes (the address, or the BIP21 request); qr-code-styling drew an SVG into it.
      const qr = screen.getByRole('img', {
        name: asked ? `QR code of the payment request ${BIP21}` : `QR code of the address ${BTC_ADDRESS}`,
      });
      expect(qr.querySelector('svg')?.tagName.toLowerCase()).toBe('svg');
      expect(qr.getAttribute('data-value')).toBe(asked ? BIP21 : BTC_ADDRESS);
      expect(screen.queryByTestId('receive-link')?.textContent ?? null).toBe(asked ? LINK : null);
      expect(copy().textContent).toBe(asked ? 'Copy link' : 'Copy');
      expect(screen.getByTestId('receive-address').textContent).toBe(BTC_ADDRESS);
      expect(screen.getByRole('note').textContent).toBe(
        'Send only BTC on the Bitcoin network to this address. Other assets will be lost.',
      );
    },
    'ready.idle': (h, _s, { event }) => {
      expect(copy().disabled).toBe(false);
      expect(share().disabled).toBe(false);
      const expected: Record<string, string | undefined> = {
        'xstate.done.actor.copyText': 'copied',
        'xstate.error.actor.copyText': 'copyFailed',
        'xstate.error.actor.share': 'shareFailed',
      };
      const note = event ? expected[event.type] : undefined;
      // A share that went through (or was dismissed) raises no toast.
      if (note) expect(h.notes.at(-1)).toBe(note);
      if (event?.type === 'xstate.done.actor.share') expect(h.notes).toHaveLength(0);
    },
    'ready.copying': (h, _s, { event }) => {
      expect(copy().getAttribute('aria-busy')).toBe('true');
      expect(share().disabled).toBe(true);
      expect(h.fakes.calls('copyText').at(-1)).toEqual({
        text: requestOf(_s.context as ReceiveContext) ? LINK : BTC_ADDRESS,
      });
      // No share sheet here: the address is copied instead.
      if (event?.type === 'xstate.done.actor.share') expect(h.fakes.calls('share')).toHaveLength(1);
    },
    'ready.sharing': (h, s) => {
      expect(share().getAttribute('aria-busy')).toBe('true');
      expect(copy().disabled).toBe(true);
      // A request shares its link (the share sheet's URL) with what it asks as the text.
      expect(h.fakes.calls('share').at(-1)).toEqual(
        (s.context as ReceiveContext).amount ? { text: '0.001 BTC', url: LINK } : { text: BTC_ADDRESS },
      );
    },
  },
});

/** Event cases the shortest-path walk merges into one node (same state and context after the step). */
describe('receive share outcomes', () => {
  async function mountWith(outcome: 'cancelled' | 'unavailable', copyFails = false) {
    const notes: string[] = [];
    const calls = { share: 0, copy: [] as string[] };
    const actor = createActor(
      receiveMachine.provide({
        actors: {
          loadAddress: fromPromise(async () => target),
          share: fromPromise<ShareOutcome, { text: string }>(async () => (calls.share++, outcome)),
          copyText: fromPromise(async ({ input }: { input: { text: string } }) => {
            calls.copy.push(input.text);
            if (copyFails) throw new Error('denied');
          }),
        },
        actions: {
          notifyCopied: () => void notes.push('copied'),
          notifyCopyFailed: () => void notes.push('copyFailed'),
        },
      }),
      { input: { currency: 'BTC' } },
    ).start();
    await renderInRouter(<ReceiveScreen actor={actor} />, { path: '/home/asset/BTC/receive' });
    await settle();
    await act(async () => share().click());
    await settle();
    return { actor, notes, calls };
  }

  it('a dismissed share sheet copies nothing and says nothing', async () => {
    const { actor, notes, calls } = await mountWith('cancelled');
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(calls).toEqual({ share: 1, copy: [] });
    expect(notes).toEqual([]);
  });

  it('without a share sheet the full address is copied, with the copied toast', async () => {
    const { actor, notes, calls } = await mountWith('unavailable');
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(calls).toEqual({ share: 1, copy: [BTC_ADDRESS] });
    expect(notes).toEqual(['copied']);
  });

  it('the copy fallback failing says so', async () => {
    const { notes } = await mountWith('unavailable', true);
    expect(notes).toEqual(['copyFailed']);
  });
});

describe('receive screen', () => {
  it('names the token standard in the network warning (USDT TRC-20)', async () => {
    const actor = createActor(
      receiveMachine.provide({
        actors: {
          loadAddress: fromPromise(async () => ({ coin: usdtTrxCoin, address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' })),
        },
      }),
      { input: { currency: 'USDT_TRX' } },
    ).start();
    await renderInRouter(<ReceiveScreen actor={actor} />, { path: '/home/asset/USDT_TRX/receive' });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Receive USDT TRC-20');
    expect(screen.getByRole('note').textContent).toBe(
      'Send only USDT TRC-20 on the Tron network to this address. Other assets will be lost.',
    );
    await act(async () => {});
  });
});
