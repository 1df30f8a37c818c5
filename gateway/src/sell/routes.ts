import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sellCards, sellOrders, walletTransactions, type SellOrderRow } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { withMoneyGate, type MoneyGate } from '../passcode/gate.js';
import type { RateProvider } from '../rates/provider.js';
import { isUuid } from '../users/repository.js';
import { formatAmount } from '../wallet/amounts.js';
import { coinDecimals } from '../wallet/catalogue.js';
import { toView } from '../wallet/history.js';
import { errors } from '../wallet/schemas.js';
import { PincodeHeaders } from '../withdrawals/schemas.js';
import {
  BinParamsSchema,
  CardInfoSchema,
  SavedCardSchema,
  SellAccountParamsSchema,
  SellByCardRequestSchema,
  SellBySavedCardRequestSchema,
  SellErrorCodes,
  SellLimitSchema,
  SellOrderParamsSchema,
  SellOrderSchema,
  SellRateParamsSchema,
  SellRateSchema,
  type SellOrder,
} from '../../../contracts/sell.js';
import { lookupBin } from './bins.js';
import { requireCardNumber } from './card.js';
import { sellToNewCard, sellToSavedCard, type SellDeps } from './create.js';
import type { PayoutProvider } from './payout.js';
import { createSellRate, FIAT_DECIMALS, rateView, requireSellFiat, sellLimits } from './rate.js';
import type { SandboxPayouts } from './sandbox/provider.js';
import { createSellWorker } from './worker.js';

export interface SellPluginDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  rates: RateProvider;
  payouts: PayoutProvider;
  sandboxPayouts?: SandboxPayouts;
}

async function orderView(db: Db, o: SellOrderRow): Promise<SellOrder> {
  const [history] = o.walletTransactionId
    ? await db.select().from(walletTransactions).where(eq(walletTransactions.id, o.walletTransactionId))
    : [];
  return {
    id: o.id,
    state: o.state,
    currency: o.currency,
    amount: formatAmount(o.amount, coinDecimals(o.currency)),
    fiatCurrency: o.fiatCurrency,
    fiatAmount: formatAmount(o.fiatAmount, FIAT_DECIMALS),
    rate: formatAmount(o.rateMinor, FIAT_DECIMALS),
    cardId: o.cardId,
    mascCard: o.mascCard,
    bankCode: o.bankCode,
    createdDate: o.createdAt.toISOString(),
    transaction: history ? toView(history) : null,
  };
}

/**
 * First thing on a sell to a new card, ahead of the schema: a number that is not 16 Luhn-valid
 * digits is refused naming `card`, and the body is rewritten to the bare digits.
 */
const cardFirst: preValidationHookHandler = async (request) => {
  const body = request.body as { card?: unknown } | undefined;
  if (body && typeof body === 'object') body.card = requireCardNumber(body.card);
};

/** Spec §7 Sell (card-to-fiat), under /b2c-wallet; see contracts/sell.ts for the paths. */
const routes: FastifyPluginAsyncTypebox<SellPluginDeps & { kick: () => void }> = async (app, deps) => {
  const { db, config, authenticate, rates, payouts, kick } = deps;
  const common = { tags: ['sell'], security: bearer };
  const service: SellDeps = { db, config, payouts };

  app.get(
    '/c2f/bin/:bin',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Card info by the first 6 digits: bank code (SBR for Sberbank, or "unknown") and payment system',
        params: BinParamsSchema,
        response: { 200: CardInfoSchema, ...errors(400, 401) },
      },
    },
    async (request) => lookupBin(request.params.bin),
  );

  app.get(
    '/c2f/:account/cards/:fiatCurrency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Saved cards of the account (masked numbers only), oldest first',
        description: '400 SELL_FIAT_UNSUPPORTED for anything but RUB.',
        params: SellAccountParamsSchema,
        response: { 200: Type.Array(SavedCardSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      requireSellFiat(request.params.fiatCurrency);
      const rows = await db
        .select()
        .from(sellCards)
        .where(and(eq(sellCards.accountId, request.accountId), eq(sellCards.fiatCurrency, request.params.fiatCurrency)))
        .orderBy(asc(sellCards.createdAt), asc(sellCards.id));
      return rows.map((c) => ({ cardId: c.id, mascCard: c.mascCard, bankCode: c.bankCode, bankSystem: c.bankSystem }));
    },
  );

  app.get(
    '/c2f/:account/limit/:fiatCurrency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "Bounds of one sell's fiatAmount (SELL_MIN_RUB, SELL_MAX_RUB)",
        params: SellAccountParamsSchema,
        response: { 200: SellLimitSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      requireSellFiat(request.params.fiatCurrency);
      return sellLimits(config).view;
    },
  );

  app.post(
    '/c2f/:account/rate/:fiatCurrency/:currency',
    {
      onRequest: authenticate,
      config: { rateLimitRule: 'sellRate' },
      schema: {
        ...common,
        summary: 'A sell rate (fiat per one crypto unit), fixed under rateId for SELL_RATE_TTL_SECONDS (300)',
        description: 'No body. 400 SELL_FIAT_UNSUPPORTED / UNKNOWN_CURRENCY, 429 RATE_LIMITED (rule sellRate).',
        params: SellRateParamsSchema,
        response: { 200: SellRateSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) =>
      rateView(
        await createSellRate(
          { db, config, rates },
          request.accountId,
          request.params.fiatCurrency,
          request.params.currency,
        ),
      ),
  );

  const sellDescription =
    'Header pincode while a passcode is active. The crypto is held at the fixed rate, then taken when the payout ' +
    'completes or released when it fails. 400 CARD_NUMBER_INVALID / sell_only_sber_error / SELL_FIAT_UNSUPPORTED / UNKNOWN_CURRENCY / ' +
    'INVALID_AMOUNT / SELL_MIN_LIMIT / SELL_MAX_LIMIT / SELL_RATE_NOT_FOUND / SELL_RATE_EXPIRED / NOT_ENOUGH_FUNDS, ' +
    '403 PINCODE_REQUIRED / B2C_USM0031 / B2C_USM0032, 409 IDEMPOTENCY_CONFLICT, 429 B2C_USM0030, 503 PAYOUTS_UNAVAILABLE (nothing held).';

  app.post(
    '/c2f/:account/order/byCard',
    {
      onRequest: authenticate,
      preValidation: cardFirst,
      schema: {
        ...common,
        summary:
          "Sell to a new card (optionally saved): the number goes to the payout provider's vault, never to storage",
        description: sellDescription,
        params: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }),
        headers: PincodeHeaders,
        body: SellByCardRequestSchema,
        response: { 200: SellOrderSchema, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const gate: MoneyGate = (move) =>
        withMoneyGate(db, config.passcodePeppers, request.userId, request.headers.pincode, move);
      const { order, replayed } = await sellToNewCard(
        { ...service, gate },
        { accountId: request.accountId, ...request.body },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      else kick();
      return orderView(db, order);
    },
  );

  app.post(
    '/c2f/:account/order/bySavedCard',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Sell to a saved card of this account',
        description: `${sellDescription} 404 CARD_NOT_FOUND.`,
        params: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }),
        headers: PincodeHeaders,
        body: SellBySavedCardRequestSchema,
        response: { 200: SellOrderSchema, ...errors(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const gate: MoneyGate = (move) =>
        withMoneyGate(db, config.passcodePeppers, request.userId, request.headers.pincode, move);
      const { order, replayed } = await sellToSavedCard(
        { ...service, gate },
        { accountId: request.accountId, ...request.body },
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      else kick();
      return orderView(db, order);
    },
  );

  app.get(
    '/c2f/:account/order/:id',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'One sell order in its current state',
        description: "404 SELL_ORDER_NOT_FOUND (also for another account's order).",
        params: SellOrderParamsSchema,
        response: { 200: SellOrderSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const [row] = isUuid(request.params.id)
        ? await db
            .select()
            .from(sellOrders)
            .where(and(eq(sellOrders.id, request.params.id), eq(sellOrders.accountId, request.accountId)))
        : [];
      if (!row) throw new DomainError('not_found', SellErrorCodes.orderNotFound, 'No such sell order');
      return orderView(db, row);
    },
  );
};

const Behaviour = Type.Object({
  unavailable: Type.Boolean({
    description: 'Refuse sells with 503 PAYOUTS_UNAVAILABLE ("Payouts are temporarily unavailable")',
  }),
  failNextPayouts: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: 'Accept this many of the next payouts, then report them FAILED (the hold is voided)',
  }),
  delayMs: Type.Integer({ minimum: 0, maximum: 600_000, description: 'How long an accepted payout takes to complete' }),
});

/** Sandbox only: the pretend payout provider's switches. */
const devRoutes: FastifyPluginAsyncTypebox<{ payouts: SandboxPayouts }> = async (app, { payouts }) => {
  app.get(
    '/dev/sell/payouts',
    {
      schema: { tags: ['dev'], summary: 'Current sandbox payout provider switches', response: { 200: Behaviour } },
    },
    async () => payouts.behaviour(),
  );
  app.post(
    '/dev/sell/payouts',
    {
      schema: {
        tags: ['dev'],
        summary: 'Make payouts unavailable, fail the next ones after acceptance, or change their delay',
        body: Type.Partial(Behaviour, { additionalProperties: false }),
        response: { 200: Behaviour, ...errors(400) },
      },
    },
    async (request) => payouts.setBehaviour(request.body),
  );
};

/** Sell routes under /b2c-wallet and the payout worker (started when the app is ready, stopped on close). */
export async function sellPlugin(app: FastifyInstance, deps: SellPluginDeps) {
  const worker = createSellWorker({
    db: deps.db,
    payouts: deps.payouts,
    settings: deps.config.jobs.sell,
    log: app.log,
  });
  await app.register(routes, { ...deps, kick: () => worker.kick(), prefix: '/b2c-wallet' });
  if (deps.config.sandbox && deps.sandboxPayouts) await app.register(devRoutes, { payouts: deps.sandboxPayouts });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
