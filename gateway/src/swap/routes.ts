import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SwapOrder } from '../db/schema/index.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { requirePasscode } from '../passcode/guard.js';
import { formatAmount } from '../wallet/amounts.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import { COINS, coinDecimals, isOffered } from '../wallet/catalogue.js';
import { AccountParams, errors } from '../wallet/schemas.js';
import { PincodeHeaders } from '../withdrawals/schemas.js';
import {
  CurrencyPairSchema, SwapLimitParamsSchema, SwapLimitSchema, SwapOrderParamsSchema, SwapOrderRequestSchema, SwapOrderSchema,
  SwapQuoteQuerySchema, SwapQuoteSchema,
} from '../../../contracts/swap.js';
import { confirmSwapOrder } from './confirm.js';
import { createSwapOrder } from './orders.js';
import type { LiquidityProvider } from './provider.js';
import { pairTerms, quote, quoteView } from './quote.js';
import type { SandboxLiquidity } from './sandbox/provider.js';

export interface SwapDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  provider: LiquidityProvider;
  derive?: DeriveAddress;
  now?: () => Date;
}

const orderView = (o: SwapOrder) => ({
  id: o.id, sourceCurrency: o.sourceCurrency, destinationCurrency: o.destinationCurrency,
  sourceAmount: formatAmount(o.sourceAmount, coinDecimals(o.sourceCurrency)),
  destinationAmount: formatAmount(o.destinationAmount, coinDecimals(o.destinationCurrency)),
  rate: o.rate, expiresAt: o.expiresAt.toISOString(), state: o.state,
});

/** Spec §7 Swap, under /b2c-wallet. */
const routes: FastifyPluginAsyncTypebox<SwapDeps> = async (app, deps) => {
  const { db, config, authenticate, provider } = deps;
  const common = { tags: ['swap'], security: bearer };
  const service = { db, config, provider, ...(deps.derive ? { derive: deps.derive } : {}), ...(deps.now ? { now: deps.now } : {}) };

  app.get('/:account/currency-pair', {
    onRequest: authenticate,
    schema: {
      ...common, summary: 'Directed pairs the liquidity provider trades among the active coins (some are one-way)',
      params: AccountParams, response: { 200: Type.Array(CurrencyPairSchema), ...errors(401, 404) },
    },
  }, async () => provider.pairs(COINS.filter((c) => c.active && isOffered(c, config)).map((c) => c.currency)));

  app.get('/:account/limit/:source/:destination', {
    onRequest: authenticate,
    schema: {
      ...common, summary: 'Bounds of the source amount for one pair, in the source currency',
      description: '400 UNKNOWN_CURRENCY / UNSUPPORTED_PAIR.',
      params: SwapLimitParamsSchema, response: { 200: SwapLimitSchema, ...errors(400, 401, 404) },
    },
  }, async (request) => {
    const { s, terms } = await pairTerms(provider, config, request.params.source, request.params.destination);
    return { minLimit: formatAmount(terms.minLimit, s.decimals), maxLimit: formatAmount(terms.maxLimit, s.decimals), currency: s.currency };
  });

  app.post('/:account/exchange/pre-calculate', {
    onRequest: authenticate,
    schema: {
      ...common, summary: 'Quote from either side: the other amount, the rate and the pair\'s limits',
      description: 'Exactly one of sourceAmount / destinationAmount. The destination is rounded down to its minor units; '
        + 'from a destination, the smallest source that reaches it. Limits are reported, not enforced (the order enforces them).',
      params: AccountParams, body: SwapQuoteQuerySchema, response: { 200: SwapQuoteSchema, ...errors(400, 401, 404) },
    },
  }, async (request) => quoteView(await quote(provider, config, request.body)));

  app.post('/:account/exchange', {
    onRequest: authenticate,
    schema: {
      ...common, summary: 'Create a swap order: the quote is fixed for SWAP_ORDER_TTL_SECONDS on the server',
      description: '400 INVALID_AMOUNT / UNKNOWN_CURRENCY / UNSUPPORTED_PAIR / SWAP_MIN_LIMIT / SWAP_MAX_LIMIT, 409 IDEMPOTENCY_CONFLICT.',
      params: AccountParams, body: SwapOrderRequestSchema, response: { 200: SwapOrderSchema, ...errors(400, 401, 404, 409) },
    },
  }, async (request, reply) => {
    const { order, replayed } = await createSwapOrder(service, { accountId: request.accountId, ...request.body });
    if (replayed) reply.header('idempotent-replayed', 'true');
    return orderView(order);
  });

  app.post('/:account/exchange/confirm/:id', {
    onRequest: authenticate,
    schema: {
      ...common, summary: 'Confirm a swap order: both legs move at the order\'s amounts in one ledger transaction',
      description: 'Header pincode while a passcode is active. Idempotent on the order id: a repeat answers the same order. '
        + '400 SWAP_ORDER_EXPIRED / NOT_ENOUGH_FUNDS, 403 PINCODE_REQUIRED/B2C_USM0031/B2C_USM0032, 404 SWAP_ORDER_NOT_FOUND, 429 B2C_USM0030. '
        + 'state FAILED when the provider refused: nothing moved.',
      params: SwapOrderParamsSchema, headers: PincodeHeaders, response: { 200: SwapOrderSchema, ...errors(400, 401, 403, 404, 429) },
    },
  }, async (request) => {
    await requirePasscode(db, request.userId, request.headers.pincode);
    return orderView(await confirmSwapOrder(service, { accountId: request.accountId, orderId: request.params.id }));
  });
};

const Behaviour = Type.Object({
  spreadBps: Type.Integer({ minimum: 0, maximum: 5000, description: 'Spread below the market rate, in basis points (100 = 1 %)' }),
  failNextSwaps: Type.Integer({ minimum: 0, maximum: 1000, description: 'Refuse this many of the next confirms (order FAILED, nothing moves)' }),
});

/** Sandbox only: tune the pretend liquidity provider. */
const devRoutes: FastifyPluginAsyncTypebox<{ liquidity: SandboxLiquidity }> = async (app, { liquidity }) => {
  app.get('/dev/swap/behaviour', {
    schema: { tags: ['dev'], summary: 'Current sandbox liquidity provider settings', response: { 200: Behaviour } },
  }, async () => liquidity.behaviour());
  app.post('/dev/swap/behaviour', {
    schema: {
      tags: ['dev'], summary: 'Change the sandbox spread or make the next swap confirms fail',
      body: Type.Partial(Behaviour, { additionalProperties: false }), response: { 200: Behaviour, ...errors(400) },
    },
  }, async (request) => liquidity.setBehaviour(request.body));
};

export async function swapPlugin(app: FastifyInstance, deps: SwapDeps & { sandboxLiquidity?: SandboxLiquidity }) {
  const { sandboxLiquidity, ...rest } = deps;
  await app.register(routes, { ...rest, prefix: '/b2c-wallet' });
  if (deps.config.sandbox && sandboxLiquidity) await app.register(devRoutes, { liquidity: sandboxLiquidity });
}
