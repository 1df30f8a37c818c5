import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChainAdapters } from '../chain/plugin.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { walletTransactions, type WalletTransaction, type Withdrawal } from '../db/schema/index.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { withMoneyGate } from '../passcode/gate.js';
import { formatAmount, parsePositiveAmount } from '../wallet/amounts.js';
import { findCoin } from '../wallet/catalogue.js';
import { toView } from '../wallet/history.js';
import { AccountParams, errors } from '../wallet/schemas.js';
import { checkAddress, sendableCoin } from './addressCheck.js';
import { createWithdrawal } from './create.js';
import { sandboxDenyList } from './denyList.js';
import { currentNetworkFee } from './fees.js';
import {
  CheckAddressBody,
  CheckAddressRequest,
  DenyListBody,
  FeeBody,
  FeeRequest,
  PincodeHeaders,
  WithdrawalBody,
  WithdrawalRequestBody,
} from './schemas.js';
import { createWithdrawalWorker } from './worker.js';

export interface WithdrawalDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  adapters: ChainAdapters;
  leaseMs?: number;
}

/** `written`: the history row the request has just written, so only a replay reads it back. */
async function viewOf(db: Db, w: Withdrawal, written?: WalletTransaction) {
  const decimals = findCoin(w.currency)?.decimals ?? 0;
  const [history] = written
    ? [written]
    : w.walletTransactionId
      ? await db.select().from(walletTransactions).where(eq(walletTransactions.id, w.walletTransactionId))
      : [];
  return {
    id: w.id,
    state: w.state,
    kind: w.kind,
    currency: w.currency,
    amount: formatAmount(w.amount, decimals),
    fee: formatAmount(w.fee, decimals),
    depositAddress: w.toAddress,
    txHash: w.txHash,
    createdDate: w.createdAt.toISOString(),
    transaction: history ? toView(history) : null,
  };
}

/** Spec §7 Send, under /b2c-wallet. */
const routes: FastifyPluginAsyncTypebox<WithdrawalDeps & { kick: () => void }> = async (
  app,
  { db, config, authenticate, adapters, kick },
) => {
  const common = { tags: ['send'], security: bearer };

  app.post(
    '/:account/withdrawal/check-address',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Check a destination: checksum per network, screening, and whether it is one of ours',
        params: AccountParams,
        body: CheckAddressRequest,
        response: { 200: CheckAddressBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { checkResult, belongsToSameUser, accountType } = await checkAddress(db, config, {
        userId: request.userId,
        ...request.body,
        field: 'address',
      });
      return { checkResult, belongsToSameUser, accountType };
    },
  );

  app.post(
    '/:account/withdrawal/preliminary/fee',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The network fee of a send, in the currency sent ("0" to another user of this wallet)',
        params: AccountParams,
        body: FeeRequest,
        response: { 200: FeeBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { currency, amount, depositAddress } = request.body;
      const coin = sendableCoin(currency, config);
      if (amount !== undefined) parsePositiveAmount(amount, { decimals: coin.decimals, userInput: true });
      let internal = false;
      if (depositAddress?.trim()) {
        // An unfinished or wrong address still gets the network fee: check-address reports the error.
        internal = await checkAddress(db, config, {
          userId: request.userId,
          currency,
          address: depositAddress,
          field: 'depositAddress',
        }).then(
          (c) => c.accountType === 'B2C' && !c.belongsToSameUser,
          () => false,
        );
      }
      return {
        fee: internal ? '0' : formatAmount(await currentNetworkFee(currency, adapters), coin.decimals),
        currency,
      };
    },
  );

  app.post(
    '/:account/withdrawal',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Send: hold amount + fee and broadcast once (or settle at once to another user of this wallet)',
        description:
          'Header pincode while a passcode is active. 400 INVALID_AMOUNT/INVALID_ADDRESS/ADDRESS_NOT_USED/SAME_USER/NOT_ENOUGH_FUNDS ' +
          '(field set), 403 PINCODE_REQUIRED/B2C_USM0031/B2C_USM0032, 429 B2C_USM0030, 409 IDEMPOTENCY_CONFLICT.',
        params: AccountParams,
        headers: PincodeHeaders,
        body: WithdrawalRequestBody,
        response: { 200: WithdrawalBody, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { accountId } = request;
      const { withdrawal, history, replayed } = await withMoneyGate(
        db,
        config.passcodePeppers,
        request.userId,
        request.headers.pincode,
        (tx) =>
          createWithdrawal(
            {
              db: tx,
              config,
              canBroadcast: (network) => adapters.has(network as never),
              feeOf: (currency) => currentNetworkFee(currency, adapters),
            },
            { userId: request.userId, accountId, ...request.body },
          ),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      else if (withdrawal.kind === 'EXTERNAL') kick();
      return viewOf(db, withdrawal, history);
    },
  );
};

/** Sandbox only: the screening deny-list, so testers know which addresses are refused. */
const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dev/withdrawal/deny-list',
    {
      schema: {
        tags: ['dev'],
        summary: 'Addresses the sandbox screening answers BLOCKED or NOT_USED for',
        response: { 200: DenyListBody },
      },
    },
    async () => sandboxDenyList(),
  );
};

/**
 * Send routes and the withdrawal job worker (started when the app is ready, stopped on close).
 * Register after the chain plugin has filled `adapters`.
 */
export async function withdrawalsPlugin(app: FastifyInstance, deps: WithdrawalDeps) {
  const { config } = deps;
  const worker = createWithdrawalWorker({
    db: deps.db,
    adapters: deps.adapters,
    settings: { ...config.jobs.withdrawals, ...(deps.leaseMs ? { leaseMs: deps.leaseMs } : {}) },
    log: app.log,
    ...(config.sandbox && config.sandboxCrashPoint ? { crashAt: config.sandboxCrashPoint } : {}),
  });
  await app.register(routes, { ...deps, kick: () => worker.kick(), prefix: '/b2c-wallet' });
  if (config.sandbox) await app.register(devRoutes);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
