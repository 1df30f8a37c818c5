import { fromPromise } from 'xstate';
import type { SellApi, SellOrder, SellRequest } from '../../api/sell';
import type { WalletApi } from '../../api/wallet';
import { reportsToSell } from '../../../machines/sell.machine';
import { sellAmountMachine, type SellTerms } from '../../../machines/sellAmount.machine';
import { sellCardMachine } from '../../../machines/sellCard.machine';
import { SELL_FIAT, type CardInfo, type SavedCard } from '../../../machines/shared/sell';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';
import { coinOf } from '../asset/services';
import { createConfirmStep } from '../passcode/confirmStep';
import { sellKeys } from './storage';

export type SellDeps = {
  coins: AvailableCoinsActor;
  api: { wallet: Pick<WalletApi, 'getAssets'>; sell: SellApi };
  accountId: () => Promise<string>;
  pinCodeActive: () => Promise<boolean>;
  platform: Pick<Platform, 'biometrics'>;
};

/** Real actor logic for the sell machine and its amount and card steps (spec §7 Sell calls). */
export function createSellActors(deps: SellDeps) {
  const { coins, api, accountId, platform } = deps;
  /** The sell itself, with an optional passcode (the `pincode` header, spec §6). */
  const sell = async (request: SellRequest, pincode = ''): Promise<SellOrder> =>
    api.sell.sell(await accountId(), request, pincode);
  return {
    actors: {
      amount: sellAmountMachine.provide({
        actors: {
          loadTerms: fromPromise<SellTerms, { currency: string }>(async ({ input }) => {
            const account = await accountId();
            const [coin, assets, rate, limits, passcodeActive] = await Promise.all([
              coinOf(coins, input.currency),
              api.wallet.getAssets(account),
              api.sell.rate(account, SELL_FIAT, input.currency),
              api.sell.limits(account, SELL_FIAT),
              deps.pinCodeActive(),
            ]);
            const asset = assets.find((a) => a.currency === input.currency);
            if (!asset) throw Object.assign(new Error('Not in the wallet'), { code: 'NOT_FOUND' });
            return {
              coin,
              available: asset.totalAvailable,
              rate: rate.rate,
              rateId: rate.rateId,
              midRate: rate.midRate ?? null,
              limits,
              passcodeActive,
            };
          }),
        },
      }),
      card: sellCardMachine.provide({
        actors: {
          loadCards: fromPromise<SavedCard[]>(async () => api.sell.savedCards(await accountId(), SELL_FIAT)),
          lookupBin: fromPromise<CardInfo, { bin: string }>(({ input }) => api.sell.lookupBin(input.bin)),
        },
      }),
      reviewKey: fromPromise<string, { signature: string }>(async ({ input }) => sellKeys.keyFor(input.signature)),
      sell: fromPromise<SellOrder, SellRequest>(({ input }) => sell(input)),
      watchOrder: fromPromise<SellOrder, { id: string }>(async ({ input }) =>
        api.sell.order(await accountId(), input.id),
      ),
      /** The passcode step: the same sell, with the code in the pincode header. */
      passcode: reportsToSell(createConfirmStep(platform, sell)),
    },
  };
}

export type SellActors = ReturnType<typeof createSellActors>;
