import { fromPromise } from 'xstate';
import {
  quoteDeadline,
  type BuyChoice,
  type BuyOrderCreated,
  type BuyOrderPhase,
  type BuyOrderRequest,
  type BuyOrderStatus,
  type BuyQuote,
  type BuyRegion,
  type BuyTarget,
  type QuoteRequest,
} from '../../../machines/shared/buy';
import type { BuyPrices, BuyPricesInput } from '../../../machines/buyPrices.machine';
import type { BuyApi, BuyOrderStatus as WireStatus, BuyQuote as WireQuote } from '../../api/buy';
import type { WalletApi } from '../../api/wallet';
import type { AvailableCoinsActor } from '../../app/actors';
import { secondsUntil } from '../../../machines/shared/countdown';
import { coinOf } from '../asset/services';
import { buyKeys } from './storage';

export type BuyDeps = {
  coins: AvailableCoinsActor;
  api: { wallet: Pick<WalletApi, 'getAssets' | 'addAsset' | 'getRates'>; buy: BuyApi };
  accountId: () => Promise<string>;
  /** The clock the review counts down from (tests pass their own). */
  now?: () => number;
};

/** Spec §3 quote as the machines keep it: exact strings, and when it arrived (the review counts from it). */
const quoteOf = (wire: WireQuote, receivedAt: number): BuyQuote => ({
  fiatAmount: wire.fiatAmount,
  cryptoAmount: wire.cryptoAmount,
  fiatCurrency: wire.fiatCurrency,
  fiatSettingsItemId: wire.fiatSettingsItemId,
  fixedRateId: wire.fixedRateId,
  rate: wire.rate,
  midRate: wire.midRate,
  validSeconds: wire.validSeconds,
  receivedAt,
});

const PHASES: Record<WireStatus['state'], BuyOrderPhase> = {
  NEW: 'pending',
  PROCESSING: 'pending',
  COMPLETED: 'credited',
  FAILED: 'declined',
};

export const statusOf = (wire: WireStatus): BuyOrderStatus => ({
  orderId: wire.orderId,
  phase: PHASES[wire.state],
  reason: wire.failureReason ?? null,
  paymentUrl: wire.state === 'NEW' ? (wire.paymentUrl ?? null) : null,
  currency: wire.currency,
  cryptoAmount: wire.cryptoAmount,
  fiatAmount: wire.fiatAmount,
  fiatCurrency: wire.fiatCurrency,
});

/** Real actor logic of the card-buy machines (spec §7 Card buy). */
export function createBuyActors({ coins, api, accountId, now = Date.now }: BuyDeps) {
  /** This wallet's deposit address for the coin; a coin not in the wallet yet is added first (a newcomer buying BTC). */
  async function depositAddressOf(currency: string): Promise<string> {
    const account = await accountId();
    let asset = (await api.wallet.getAssets(account)).find((a) => a.currency === currency);
    if (!asset) {
      await api.wallet.addAsset(account, currency);
      asset = (await api.wallet.getAssets(account)).find((a) => a.currency === currency);
    }
    if (!asset?.depositAddress)
      throw Object.assign(new Error('No deposit address for this coin'), { code: 'NO_DEPOSIT_ADDRESS' });
    return asset.depositAddress;
  }

  const quote = fromPromise<BuyQuote, QuoteRequest>(async ({ input }) => {
    const wire = await api.buy.rate({
      externalId: input.depositAddress,
      currency: input.currency,
      geoId: input.geoId,
      ...(input.side === 'fiat' ? { fiatAmount: input.amount } : { cryptoAmount: input.amount }),
    });
    return quoteOf(wire, now());
  });

  return {
    buyPrices: {
      loadPrices: fromPromise<BuyPrices, BuyPricesInput>(async ({ input }) => {
        if (input.currencies.length === 0) return {};
        const { ratesMap } = await api.wallet.getRates(input.currencies, [input.fiat]);
        const prices: BuyPrices = {};
        for (const currency of input.currencies) {
          const price = ratesMap[currency]?.[input.fiat];
          if (typeof price === 'number' && Number.isFinite(price) && price > 0) prices[currency] = price;
        }
        return prices;
      }),
    },
    buyPay: {
      loadRegions: fromPromise<BuyRegion[], { currency: string }>(async ({ input }) => {
        const address = await depositAddressOf(input.currency);
        const [regions, fiats] = await Promise.all([api.buy.availability(address), api.buy.metadata().catch(() => [])]);
        const names = new Map(fiats.map((f) => [f.currency, f.name]));
        return regions.map((r) => ({
          geoId: r.geoId,
          fiatCurrency: r.fiatCurrency,
          name: names.get(r.fiatCurrency) ?? r.name,
        }));
      }),
    },
    buyOrder: {
      loadBuyOrder: fromPromise<BuyTarget, BuyChoice>(async ({ input }) => {
        const [coin, depositAddress] = await Promise.all([
          coinOf(coins, input.currency),
          depositAddressOf(input.currency),
        ]);
        return { coin, depositAddress };
      }),
      quote,
    },
    buyReview: {
      timeLeft: fromPromise<number, { quote: BuyQuote }>(async ({ input }) => {
        const at = now();
        return secondsUntil(quoteDeadline(input.quote, at), at);
      }),
      reviewKey: fromPromise<string, { signature: string }>(async ({ input }) => buyKeys.keyFor(input.signature)),
      quote,
      createOrder: fromPromise<BuyOrderCreated, BuyOrderRequest>(async ({ input }) => {
        const { data } = await api.buy.order(input);
        return { url: data.url, orderId: data.orderId };
      }),
    },
    buyStatus: {
      loadStatus: fromPromise<BuyOrderStatus, { orderId: string }>(async ({ input }) =>
        statusOf(await api.buy.status(input.orderId)),
      ),
    },
  };
}

export type BuyActors = ReturnType<typeof createBuyActors>;
