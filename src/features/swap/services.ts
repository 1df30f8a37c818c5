import { fromPromise, waitFor } from 'xstate';
import type { SwapApi, SwapOrder, SwapOrderRequest, SwapQuote, SwapQuoteQuery } from '../../api/swap';
import type { WalletApi } from '../../api/wallet';
import { secondsUntil } from '../../../machines/shared/countdown';
import type { PlacedOrder, SwapSetup } from '../../../machines/swap.machine';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';
import { biometricUnlockOn, createConfirmStep } from '../passcode/confirmStep';
import { orderKeys } from './storage';

export type SwapDeps = {
  coins: AvailableCoinsActor;
  api: { wallet: Pick<WalletApi, 'getAssets'>; swap: SwapApi };
  accountId: () => Promise<string>;
  passcodeActive: () => Promise<boolean>;
  platform: Pick<Platform, 'biometrics'>;
  /** The client clock, for the seconds left until the order's own expiresAt. */
  now?: () => number;
};

async function catalogue(coins: AvailableCoinsActor) {
  if (coins.getSnapshot().matches('error')) coins.send({ type: 'coins.retried' });
  const snapshot = await waitFor(coins, (s) => s.matches('loaded') || s.matches('error'));
  if (snapshot.matches('error')) throw Object.assign(new Error('Catalogue unavailable'), { code: 'META_INFO' });
  return Object.values(snapshot.context.coins);
}

/** Real actor logic for the swap machine and its passcode step (spec §7 Swap calls). */
export function createSwapActors(deps: SwapDeps) {
  const { coins, api, accountId } = deps;
  const now = deps.now ?? Date.now;
  /** The confirm, with an optional passcode (the `pincode` header). */
  const confirm = async (orderId: string, pincode = ''): Promise<SwapOrder> =>
    api.swap.confirm(await accountId(), orderId, pincode);
  return {
    actors: {
      loadSwap: fromPromise<SwapSetup>(async () => {
        const account = await accountId();
        const [list, assets, pairs, passcodeActive] = await Promise.all([
          catalogue(coins),
          api.wallet.getAssets(account),
          api.swap.pairs(account),
          deps.passcodeActive(),
        ]);
        return {
          coins: list,
          holdings: assets.map((a) => ({ currency: a.currency, available: a.totalAvailable })),
          pairs,
          passcodeActive,
          biometrics: biometricUnlockOn(),
        };
      }),
      quote: fromPromise<SwapQuote, SwapQuoteQuery>(async ({ input }) => api.swap.quote(await accountId(), input)),
      orderKey: fromPromise<string, { signature: string }>(async ({ input }) => orderKeys.keyFor(input.signature)),
      createOrder: fromPromise<PlacedOrder, SwapOrderRequest>(async ({ input }) => {
        const order = await api.swap.createOrder(await accountId(), input);
        return { order, secondsLeft: secondsUntil(order.expiresAt, now()) };
      }),
      confirm: fromPromise<SwapOrder, { orderId: string }>(({ input }) => confirm(input.orderId)),
      /** The passcode step: the same confirm, with the code in the pincode header. */
      passcode: createConfirmStep(deps.platform, (request: { orderId: string }, pincode: string) =>
        confirm(request.orderId, pincode),
      ),
    },
  };
}

export type SwapActors = ReturnType<typeof createSwapActors>;
