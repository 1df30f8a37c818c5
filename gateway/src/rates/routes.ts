import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import { invalid } from '../domain/errors.js';
import { ErrorBody } from '../http/errors.js';
import { findCoin, isFiat, isOffered } from '../wallet/catalogue.js';
import { PARENT_COINS } from '../wallet/coins.js';
import type { RateProvider } from './provider.js';
import { priceHistory } from './history.js';
import { RatesQuerySchema, RatesSchema } from '../../../contracts/wallet.js';
import { PriceHistoryQuerySchema, PriceHistorySchema } from '../../../contracts/prices.js';

const RatesRequest = RatesQuerySchema;
const RatesResponse = RatesSchema;

const isPricedCoin = (currency: string, config: Config) => {
  const coin = findCoin(currency);
  return Boolean(coin && isOffered(coin, config)) || PARENT_COINS[currency] !== undefined;
};

/** Catalogue coins, parent coin codes (USDT) and fiats can be priced. */
function requireKnown(currencies: string[], field: 'from' | 'to', config: Config) {
  currencies.forEach((currency, i) => {
    if (!isPricedCoin(currency, config) && !isFiat(currency))
      throw invalid('UNKNOWN_CURRENCY', `Unknown currency ${currency}`, `${field}.${i}`);
  });
}

// Eight significant digits: enough for KZT per satoshi-sized units, without float noise in JSON.
const tidy = (value: number) => Number(value.toPrecision(8));

/**
 * Spec §7 rates. Both are public (spec §6 lists getRates and getFiatRate among the calls made
 * without a token): prices are not personal.
 */
export const rateRoutes: FastifyPluginAsyncTypebox<{ config: Config; provider: RateProvider }> = async (
  app,
  { config, provider },
) => {
  const ratesMap = async (from: string[], to: string[], invert: boolean) => {
    requireKnown(from, 'from', config);
    requireKnown(to, 'to', config);
    const prices = await provider.usdPrices([...new Set([...from, ...to])]);
    const map: Record<string, Record<string, number>> = {};
    for (const f of from) {
      map[f] = {};
      for (const t of to) {
        const pf = prices.get(f);
        const pt = prices.get(t);
        if (!pf || !pt) continue;
        map[f]![t] = tidy(invert ? pt / pf : pf / pt);
      }
    }
    return { ratesMap: map };
  };

  app.post(
    '/rate',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Price of one unit of each `from` currency in each `to` currency',
        body: RatesRequest,
        response: { 200: RatesResponse, 400: ErrorBody },
      },
    },
    async (request) => ratesMap(request.body.from, request.body.to, false),
  );

  app.post(
    '/fiat/rate/invert',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Inverse rates: units of each `from` currency that one unit of each `to` currency buys',
        body: RatesRequest,
        response: { 200: RatesResponse, 400: ErrorBody },
      },
    },
    async (request) => ratesMap(request.body.from, request.body.to, true),
  );

  // Public and the same for everyone within a minute (history.ts): a shared cache may keep it that long.
  app.get(
    '/rate/history',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Price of one unit of a crypto in a fiat over 24 h, 7 d, 30 d or 1 y, oldest first',
        querystring: PriceHistoryQuerySchema,
        response: { 200: PriceHistorySchema, 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const { currency, fiat, range } = request.query;
      if (!isPricedCoin(currency, config))
        throw invalid('UNKNOWN_CURRENCY', `Unknown crypto currency ${currency}`, 'currency');
      if (!isFiat(fiat)) throw invalid('UNKNOWN_FIAT', `Unknown fiat currency ${fiat}`, 'fiat');
      void reply.header('cache-control', 'public, max-age=60');
      return priceHistory(provider, currency, fiat, range);
    },
  );
};
