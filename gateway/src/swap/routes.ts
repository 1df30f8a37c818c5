import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SwapOrder } from '../db/schema/index.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { withMoneyGate } from '../passcode/gate.js';
import { formatAmount } from '../wallet/amounts.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import { COINS, coinDecimals, isOffered } from '../wallet/catalogue.js';
import { AccountParams, errors } from '../wallet/schemas.js';
import { PincodeHeaders } from '../withdrawals/schemas.js';
import {
  CurrencyPairSchema,
  SwapLimitParamsSchema,
  SwapLimitSchema,
  SwapOrderParamsSchema,
  SwapOrderRequestSchema,
  SwapOrderSchema,
  SwapQuoteQuerySchema,
  SwapQuoteSchema,
} from '../../../contracts/swap.js';
import { confirmSwapOrder, type ConfirmDeps } from './confirm.js';
import { createSwapOrder } from './orders.js';
import type { LiquidityProvider } from './provider.js';
import { pairTerms, quote, quoteView } from './quote.js';
import { createOrderTtlOverride, type OrderTtlOverride } from './sandbox/orderTtl.js';
import type { SandboxLiquidity } from './sandbox/provider.js';
import { createSwapSettlementWorker } from './settlement.js';

export interface SwapDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  provider: LiquidityProvider;
  derive?: DeriveAddress;
  now?: () => Date;
}

type RouteDeps = SwapDeps & { service: ConfirmDeps };

const orderView = (o: SwapOrder) => ({
  id: o.id,
  sourceCurrency: o.sourceCurrency,
  destinationCurrency: o.destinationCurrency,
  sourceAmount: formatAmount(o.sourceAmount, coinDecimals(o.sourceCurrency)),
  destinationAmount: formatAmount(o.destinationAmount, coinDecimals(o.destinationCurrency)),
  rate: o.rate,
  expiresAt: o.expiresAt.toISOString(),
  state: o.state,
});

/** Spec §7 Swap, under /b2c-wallet. */
const routes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { db, config, authenticate, provider } = deps;
  const common = { tags: ['swap'], security: bearer };
  const service = deps.service;

  app.get(
    '/:account/currency-pair',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Directed pairs the liquidity provider trades among the active coins (some are one-way)',
        params: AccountParams,
        response: { 200: Type.Array(CurrencyPairSchema), ...errors(401, 404) },
      },
    },
    async () => provider.pairs(COINS.filter((c) => c.active && isOffered(c, config)).map((c) => c.currency)),
  );

  app.get(
    '/:account/limit/:source/:destination',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Bounds of the source amount for one pair, in the source currency',
        description: '400 UNKNOWN_CURRENCY / UNSUPPORTED_PAIR.',
        params: SwapLimitParamsSchema,
        response: { 200: SwapLimitSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { s, terms } = await pairTerms(provider, config, request.params.source, request.params.destination);
      return {
        minLimit: formatAmount(terms.minLimit, s.decimals),
        maxLimit: formatAmount(terms.maxLimit, s.decimals),
        currency: s.currency,
      };
    },
  );

  app.post(
    '/:account/exchange/pre-calculate',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "Quote from either side: the other amount, the rate and the pair's limits",
        description:
          'Exactly one of sourceAmount / destinationAmount. The destination is rounded down to its minor units; ' +
          'from a destination, the smallest source that reaches it. Limits are reported, not enforced (the order enforces them).',
        params: AccountParams,
        body: SwapQuoteQuerySchema,
        response: { 200: SwapQuoteSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => quoteView(await quote(provider, config, request.body)),
  );

  app.post(
    '/:account/exchange',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Create a swap order: the quote is fixed for SWAP_ORDER_TTL_SECONDS on the server',
        description:
          '400 INVALID_AMOUNT / UNKNOWN_CURRENCY / UNSUPPORTED_PAIR / SWAP_MIN_LIMIT / SWAP_MAX_LIMIT, 409 IDEMPOTENCY_CONFLICT.',
        params: AccountParams,
        body: SwapOrderRequestSchema,
        response: { 200: SwapOrderSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await createSwapOrder(service, { accountId: request.accountId, ...request.body });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return orderView(order);
    },
  );

  app.post(
    '/:account/exchange/confirm/:id',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary:
          "Confirm a swap order: both legs move at the order's amounts in one ledger transaction (or the source is held while the provider settles)",
        description:
          'Header pincode while a passcode is active. Idempotent on the order id: a repeat answers the same order. ' +
          '400 SWAP_ORDER_EXPIRED / NOT_ENOUGH_FUNDS, 403 PINCODE_REQUIRED/B2C_USM0031/B2C_USM0032, 404 SWAP_ORDER_NOT_FOUND, 429 B2C_USM0030. ' +
          'state FAILED when the provider refused: nothing moved; IN_PROGRESS when it settles asynchronously: the source is on hold until it does.',
        params: SwapOrderParamsSchema,
        headers: PincodeHeaders,
        response: { 200: SwapOrderSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      // The gate's transaction holds the order's source; the provider is asked after it commits.
      const order = await confirmSwapOrder(
        service,
        { accountId: request.accountId, orderId: request.params.id },
        (move) => withMoneyGate(db, config.passcodePeppers, request.userId, request.headers.pincode, move),
      );
      return orderView(order);
    },
  );
};

const Behaviour = Type.Object({
  spreadBps: Type.Integer({
    minimum: 0,
    maximum: 5000,
    description: 'Spread below the market rate, in basis points (100 = 1 %)',
  }),
  failNextSwaps: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: 'Refuse this many of the next confirms (order FAILED, nothing moves)',
  }),
  settleAfterMs: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    description:
      '0: settle at confirm. Above 0: confirm holds the source and answers IN_PROGRESS; the swap settles (or, with failNextSwaps, fails) this many ms later',
  }),
});

const DevBehaviour = Type.Object({
  ...Behaviour.properties,
  orderTtlSeconds: Type.Union([Type.Integer({ minimum: 1, maximum: 86_400 }), Type.Null()], {
    description:
      'Lifetime of orders created from now on, overriding SWAP_ORDER_TTL_SECONDS; null: back to the configured value',
  }),
});

/** Sandbox only: tune the pretend liquidity provider and the lifetime of new orders. */
const devRoutes: FastifyPluginAsyncTypebox<{ liquidity: SandboxLiquidity; orderTtl: OrderTtlOverride }> = async (
  app,
  { liquidity, orderTtl },
) => {
  const current = () => ({ ...liquidity.behaviour(), orderTtlSeconds: orderTtl.get() });
  app.get(
    '/dev/swap/behaviour',
    {
      schema: {
        tags: ['dev'],
        summary: 'Current sandbox liquidity provider settings and order lifetime override',
        response: { 200: DevBehaviour },
      },
    },
    async () => current(),
  );
  app.post(
    '/dev/swap/behaviour',
    {
      schema: {
        tags: ['dev'],
        summary: "Change the sandbox spread, make the next swap confirms fail, or shorten new orders' lifetime",
        body: Type.Partial(DevBehaviour, { additionalProperties: false }),
        response: { 200: DevBehaviour, ...errors(400) },
      },
    },
    async (request) => {
      const { orderTtlSeconds, ...provider } = request.body;
      if (orderTtlSeconds !== undefined) orderTtl.set(orderTtlSeconds);
      liquidity.setBehaviour(provider);
      return current();
    },
  );
};

/** Swap routes and the settlement worker for asynchronous providers (started when ready, stopped on close). */
export async function swapPlugin(app: FastifyInstance, deps: SwapDeps & { sandboxLiquidity?: SandboxLiquidity }) {
  const { sandboxLiquidity, ...rest } = deps;
  const { config } = deps;
  const orderTtl = config.sandbox ? createOrderTtlOverride() : undefined;
  const service: ConfirmDeps = {
    db: deps.db,
    config,
    provider: deps.provider,
    ...(deps.derive ? { derive: deps.derive } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(orderTtl ? { orderTtlSeconds: orderTtl.get } : {}),
    settlement: config.jobs.swapSettlement,
    ...(config.sandbox && config.sandboxSwapCrashPoint === 'between-legs'
      ? { betweenLegs: () => process.kill(process.pid, 'SIGKILL') }
      : {}),
  };
  const worker = createSwapSettlementWorker({ ...service, settings: config.jobs.swapSettlement, log: app.log });
  service.onHeld = () => worker.kick();
  await app.register(routes, { ...rest, service, prefix: '/b2c-wallet' });
  if (orderTtl && sandboxLiquidity) await app.register(devRoutes, { liquidity: sandboxLiquidity, orderTtl });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
