import { assign, fromPromise, setup } from 'xstate';
import { parsePaymentUri, type PaymentRequest, type PaymentUriError } from './shared/paymentUri';
import { output } from './shared/output';

/**
 * Opening a payment request (issue 25): `/pay?uri=…` (the app's link, a Telegram `startapp` link). The URI
 * is read at once; a request this wallet cannot pay is said as it is (another network, too many decimals),
 * never guessed around. A payable one opens the send form of its asset, filled in, once the wallet is
 * known to hold that asset.
 */
export type PayProblem = PaymentUriError | { kind: 'notHeld'; currency: string };

export type PayContext = { uri: string; request: PaymentRequest | null; problem: PayProblem | null };

/** `uri.opened`: the page hands over the link's `uri` parameter once mounted. */
export type PayEvent = { type: 'uri.opened'; uri: string } | { type: 'load.retried' };

export const payMachine = setup({
  types: { context: {} as PayContext, events: {} as PayEvent, tags: {} as 'busy' },
  actors: {
    /** The currencies in the wallet (GET asset). */
    loadHeld: fromPromise<string[]>(async () => {
      throw new Error('loadHeld not provided');
    }),
  },
  guards: {
    readable: ({ event }) => event.type === 'uri.opened' && parsePaymentUri(event.uri).ok,
    held: ({ context }, held: string[]) => held.includes(context.request?.currency ?? ''),
  },
  actions: {
    keepUri: assign(({ event }) => {
      if (event.type !== 'uri.opened') return {};
      const result = parsePaymentUri(event.uri);
      return { uri: event.uri, request: result.ok ? result.request : null, problem: result.ok ? null : result.error };
    }),
    /** Replaces /pay with the send form of the request's asset, its address and amount filled in. */
    openSend: (_, _request: PaymentRequest) => {},
  },
}).createMachine({
  id: 'pay',
  context: { uri: '', request: null, problem: null },
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        'uri.opened': [
          { guard: 'readable', target: 'loading', actions: 'keepUri' },
          { target: 'unreadable', actions: 'keepUri' },
        ],
      },
    },
    unreadable: { description: 'Not a request this wallet can pay: the problem is said.' },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadHeld',
        src: 'loadHeld',
        onDone: [
          { guard: { type: 'held', params: output }, target: 'opening' },
          {
            target: 'notHeld',
            actions: assign({ problem: ({ context }) => ({ kind: 'notHeld', currency: context.request!.currency }) }),
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'load.retried': 'loading' } },
    notHeld: { description: 'The asset is not in the wallet: add it first.' },
    opening: {
      type: 'final',
      entry: { type: 'openSend', params: ({ context }) => context.request! },
    },
  },
});
