import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { RateProvider } from '../rates/provider.js';
import { findCoin, FIATS, isOffered } from '../wallet/catalogue.js';
import { COINS } from '../wallet/coins.js';
import { errors } from '../wallet/schemas.js';
import {
  BuyOrderAnswerSchema,
  BuyOrderParamsSchema,
  BuyOrderRequestSchema,
  BuyOrderStatusSchema,
  BuyQuoteListSchema,
  BuyRateRequestSchema,
  FiatAddressQuerySchema,
  FiatGeoListSchema,
  FiatMetadataSchema,
  FiatMethodListSchema,
  FiatMethodQuerySchema,
  type FiatGeo,
} from '../../../contracts/buy.js';
import { CallbackError, type AcquirerMethod, type CardAcquirer } from './acquirer.js';
import { buyOrderStatus, createBuyOrder, orderView } from './orders.js';
import { FIAT_DECIMALS } from './pricing.js';
import { issueQuote, type BuyDeps } from './quotes.js';
import type { SandboxAcquirer } from './sandbox/acquirer.js';
import { sandboxAcquirerRoutes } from './sandbox/routes.js';
import { applyPaymentEvent } from './settle.js';
import { coinFor, networksOfAddress } from './wallets.js';
import { formatAmount } from '../wallet/amounts.js';

export interface BuyPluginDeps {
  db: Db;
  config: Config;
  rates: RateProvider;
  acquirer: CardAcquirer;
  now?: () => Date;
}

export const CALLBACK_PATH = '/b2c-wallet/b2c/fiat/callback';

const fiat = (v: bigint) => formatAmount(v, FIAT_DECIMALS);
const geoOf = (m: AcquirerMethod): FiatGeo => ({
  geoId: m.geoId,
  fiatCurrency: m.fiatCurrency,
  name: m.name,
  minAmount: fiat(m.minAmount),
  maxAmount: fiat(m.maxAmount),
});

/**
 * Spec §7 Card buy (fiat applier), under /b2c-wallet. Tokenless (spec §6): each call names a deposit
 * address; every call before the order answers by its format alone, the same for a customer's and a
 * stranger's (no membership oracle, GUIDE §8.17); the order is made only for this wallet's addresses.
 * The order id is the only key to its status.
 */
const applierRoutes: FastifyPluginAsyncTypebox<BuyPluginDeps> = async (app, deps) => {
  const { db, config, acquirer } = deps;
  const service: BuyDeps = { db, config, acquirer, rates: deps.rates, ...(deps.now ? { now: deps.now } : {}) };
  const common = { tags: ['buy'] };
  const regions = () => {
    const seen = new Map<string, FiatGeo>();
    for (const m of acquirer.methods()) if (!seen.has(m.geoId)) seen.set(m.geoId, geoOf(m));
    return [...seen.values()];
  };

  app.post(
    '/b2c/fiat/method',
    {
      schema: {
        ...common,
        summary: 'Payment methods for buying `currency` to `depositAddress` in `fiatCurrency`',
        description:
          "400 INVALID_ADDRESS (not an address of the coin's network) / UNKNOWN_CURRENCY. The same for any well-formed address.",
        body: FiatMethodQuerySchema,
        response: { 200: FiatMethodListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const { depositAddress, currency, fiatCurrency, geoId } = request.body;
      coinFor(config, currency, depositAddress, { currency: 'currency', address: 'depositAddress' });
      return acquirer
        .methods()
        .filter((m) => m.fiatCurrency === fiatCurrency && (geoId === undefined || m.geoId === geoId))
        .map((m) => ({
          ...geoOf(m),
          fiatSettingsItemId: m.fiatSettingsItemId,
          method: 'CARD' as const,
          name: 'Bank card',
        }));
    },
  );

  app.get(
    '/b2c/fiat/geo',
    {
      schema: {
        ...common,
        summary: 'Regions the card acquirer serves, with their fiat and limits',
        description:
          '400 INVALID_ADDRESS (no network we hold has such an address). The same answer for any well-formed address, ours or not.',
        querystring: FiatAddressQuerySchema,
        response: { 200: FiatGeoListSchema, ...errors(400) },
      },
    },
    async (request) => {
      networksOfAddress(request.query.depositAddress, 'depositAddress');
      return regions();
    },
  );

  app.get(
    '/b2c/fiat/availability',
    {
      schema: {
        ...common,
        summary: 'Regions where the crypto of this deposit address can be bought (empty when none)',
        description:
          "400 INVALID_ADDRESS. Decided by the address's format (its networks), the same for any well-formed address, ours or not.",
        querystring: FiatAddressQuerySchema,
        response: { 200: FiatGeoListSchema, ...errors(400) },
      },
    },
    async (request) => {
      const networks = new Set<string>(networksOfAddress(request.query.depositAddress, 'depositAddress'));
      const buyable = COINS.some(
        (c) => networks.has(c.network) && findCoin(c.currency)?.active && isOffered(c, config),
      );
      return buyable ? regions() : [];
    },
  );

  app.get(
    '/fiat/metadata',
    {
      schema: {
        ...common,
        summary: 'The fiat currencies card buys are charged in',
        response: { 200: FiatMetadataSchema },
      },
    },
    async () => {
      const charged = new Set(acquirer.methods().map((m) => m.fiatCurrency));
      return FIATS.filter((f) => charged.has(f.currency)).map((f) => ({ ...f }));
    },
  );

  app.post(
    '/b2c/rate',
    {
      schema: {
        ...common,
        summary: 'Buy quote from either side, fixed for 300 s under fixedRateId (a list: the app uses the first)',
        description:
          'Exactly one of cryptoAmount / fiatAmount; externalId is the deposit address. Amounts outside the limits are quoted too. ' +
          "Any well-formed address of the coin's network is quoted alike, a customer's or not. " +
          '400 INVALID_ADDRESS / UNKNOWN_CURRENCY / UNKNOWN_GEO / INVALID_AMOUNT / BUY_UNAVAILABLE.',
        body: BuyRateRequestSchema,
        response: { 200: BuyQuoteListSchema, ...errors(400) },
      },
    },
    async (request) => issueQuote(service, request.body),
  );

  app.post(
    '/b2c/order',
    {
      schema: {
        ...common,
        summary: 'Create a card buy order at a fixed rate; data.url is the hosted payment page',
        description:
          'Same idempotencyKey and body → the same order and url (header idempotent-replayed: true); another body → 409. ' +
          "Only a deposit address of this wallet gets an order: anyone else's is 400 RATE_NOT_FOUND, as a forged rate id is. " +
          '400 INVALID_ADDRESS / UNKNOWN_CURRENCY / BUY_LIMIT / RATE_EXPIRED / RATE_NOT_FOUND / INVALID_AMOUNT / UNKNOWN_FIAT_SETTINGS.',
        body: BuyOrderRequestSchema,
        response: { 200: BuyOrderAnswerSchema, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const { order, url, replayed } = await createBuyOrder(service, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { data: { url, orderId: order.id, order: orderView(order) } };
    },
  );

  app.get(
    '/b2c/order/:orderId',
    {
      schema: {
        ...common,
        summary: "A card buy order's status, for the app's return screen (poll until COMPLETED or FAILED)",
        description: 'The random order id is the only key. 404 BUY_ORDER_NOT_FOUND.',
        params: BuyOrderParamsSchema,
        response: { 200: BuyOrderStatusSchema, ...errors(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await buyOrderStatus(service, request.params.orderId);
      // The page stays reachable while it can still be paid: the return screen offers it again.
      return { ...orderView(order), paymentUrl: order.state === 'NEW' ? (order.paymentUrl ?? null) : null };
    },
  );

  app.post(
    '/b2c/fiat/callback',
    {
      schema: {
        ...common,
        summary: "The card acquirer's payment callback (signed); idempotent, any number of times",
        body: Type.Unknown(),
        response: { 200: Type.Object({ ok: Type.Boolean(), changed: Type.Boolean() }), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      let event;
      try {
        event = acquirer.verifyCallback(request.body);
      } catch (error) {
        if (error instanceof CallbackError) throw new ApiError(401, 'BAD_CALLBACK', error.message);
        throw error;
      }
      const { changed } = await applyPaymentEvent(db, event);
      return { ok: true, changed };
    },
  );
};

const isSandbox = (a: CardAcquirer): a is SandboxAcquirer => a.name === 'sandbox' && 'pay' in a;

export async function buyPlugin(app: FastifyInstance, deps: BuyPluginDeps) {
  await app.register(applierRoutes, { ...deps, prefix: '/b2c-wallet' });
  if (deps.config.sandbox && isSandbox(deps.acquirer)) {
    const sandbox = deps.acquirer;
    sandbox.connect(async (callback) => {
      const res = await app.inject({ method: 'POST', url: CALLBACK_PATH, payload: callback });
      if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
    });
    app.addHook('onClose', async () => sandbox.close());
    await app.register(sandboxAcquirerRoutes, { acquirer: sandbox });
  }
}
