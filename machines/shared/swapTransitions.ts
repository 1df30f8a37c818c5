import { and } from 'xstate';
import { failureOf } from './failure';
import { output } from './output';
import { orderSignature, type SwapContext } from './swap';

/** Transition pieces the swap machine (machines/swap.machine.ts) uses in several places. */
export const KEEP_SETUP = { type: 'keepSetup', params: output } as const;
export const NOTIFY_FAILED = {
  type: 'notifyFailed',
  params: ({ context }: { context: SwapContext }) => ({ failure: context.failure ?? failureOf(null) }),
} as const;
export const FORGET_KEY = {
  type: 'forgetKey',
  params: ({ context }: { context: SwapContext }) => ({ signature: orderSignature(context) }),
} as const;
/** Back to the amounts (when a pair is chosen): quoted again when there is an amount, else the empty form. */
export const BACK_TO_ORDER = [
  { guard: and(['pairChosen', 'drivingPositive']), target: '#swap.order.quoting', actions: 'setSearch' },
  { guard: 'pairChosen', target: '#swap.order.idle', actions: 'setSearch' },
] as const;
/** The amounts' URL while the source picker shows (back or forward): the same as closing it. */
export const URL_TO_ORDER = [
  {
    guard: and(['routeIsOrder', 'pairChosen', 'drivingPositive']),
    target: '#swap.order.quoting',
    actions: 'setSearch',
  },
  { guard: and(['routeIsOrder', 'pairChosen']), target: '#swap.order.idle', actions: 'setSearch' },
] as const;
/** Back from the review to the amounts; the next Continue creates a new order (the old one stays unconfirmed). */
export const EDIT = { target: '#swap.order.quoted', actions: 'clearFailure' } as const;
