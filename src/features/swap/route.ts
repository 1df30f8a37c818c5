import type { SwapRoute } from '../../../machines/swap.machine';
import { selectSwapScreen } from '../../../machines/swap.selectors';
import type { FlowRoute } from '../shared/useFlowRoute';
import type { SwapActor } from './PickAssetScreen';

export const SWAP_PATHS = {
  from: '/swap/from',
  to: '/swap/to',
  order: '/swap/order',
  review: '/swap/order/review',
  success: '/swap/order/success',
} as const satisfies Record<SwapRoute, string>;
const STEPS = Object.keys(SWAP_PATHS) as SwapRoute[];

/** The swap's five URLs are its five screens (useFlowRoute); another page's URL is no step of it. */
export const swapRoute: FlowRoute<SwapActor, SwapRoute> = {
  stepOf: (s) => {
    const screen = selectSwapScreen(s);
    return screen === 'loading' || screen === 'failed' ? null : screen;
  },
  urlStep: ({ pathname }) => STEPS.find((step) => SWAP_PATHS[step] === pathname.replace(/\/+$/, '')) ?? null,
  locationOf: (step) => ({ to: SWAP_PATHS[step] }),
  // The success replaces the review: back does not lead to a confirmed order's review.
  replaces: ['success'],
};
