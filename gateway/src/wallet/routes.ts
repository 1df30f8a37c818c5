import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { walletAssets } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { bearer, type AuthHook } from '../http/auth.js';
import type { DeriveAddress } from './addresses.js';
import { accountReadOf } from '../http/account.js';
import { addAssets, archiveAsset, assetItems, listAssets, readAssetsWithBearer, type AssetRow } from './assets.js';
import { coinMeta, currencyCatalogue, findCoin } from './catalogue.js';
import { findTransaction, listTransactions } from './history.js';
import { historyCsvStream } from './historyCsv.js';
import {
  AccountParams,
  AssetBody,
  CatalogueEntryBody,
  CoinMetaBody,
  CurrencyCode,
  Empty,
  CsvBody,
  HistoryExportRequest,
  HistoryPageBody,
  HistoryRequest,
  TransactionBody,
  errors,
} from './schemas.js';

const knownCurrency = (currency: string | undefined) => {
  if (currency && !findCoin(currency)) throw invalid('UNKNOWN_CURRENCY', `Unknown currency ${currency}`, 'currency');
};

export interface WalletDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  derive: DeriveAddress;
}

/** Spec §7 Meta and Wallet, under /b2c-wallet. */
export const walletRoutes: FastifyPluginAsyncTypebox<WalletDeps> = async (
  app,
  { db, config, authenticate, derive },
) => {
  const common = { tags: ['wallet'], security: bearer };

  app.get(
    '/meta-info/currency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Coin catalogue (spec §3)',
        response: { 200: Type.Array(CatalogueEntryBody), ...errors(401) },
      },
    },
    async () => currencyCatalogue(config),
  );

  app.get(
    '/meta-info/coin',
    {
      onRequest: authenticate,
      schema: { ...common, summary: 'Fiat and crypto coin lists', response: { 200: CoinMetaBody, ...errors(401) } },
    },
    async () => coinMeta(config),
  );

  app.get(
    '/:account/asset',
    {
      onRequest: authenticate,
      // The balances come with the bearer and account check: one round trip per poll (assets.ts).
      config: { accountRead: readAssetsWithBearer },
      schema: {
        ...common,
        summary: 'Assets with exact balances and deposit addresses',
        params: AccountParams,
        response: { 200: Type.Array(AssetBody), ...errors(401, 404) },
      },
    },
    async (request) => {
      const rows = accountReadOf<AssetRow>(request);
      return rows ? assetItems(rows, config) : listAssets(db, config, request.accountId);
    },
  );

  const added = async (accountId: string, currencies: string[]) => {
    const wanted = new Set(currencies);
    return (await listAssets(db, config, accountId)).filter((a) => wanted.has(a.currency));
  };

  app.post(
    '/:account/account/currency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Add an asset: creates its balance and deposit address (idempotent; restores an archived one)',
        params: AccountParams,
        body: Type.Object({ currency: CurrencyCode }),
        response: { 200: AssetBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      await addAssets(db, config, accountId, [request.body.currency], derive);
      const [asset] = await added(accountId, [request.body.currency]);
      return asset!;
    },
  );

  app.post(
    '/:account/account/currency/list',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Add several assets at once (all or nothing)',
        params: AccountParams,
        body: Type.Object({ currencies: Type.Array(CurrencyCode, { minItems: 1, maxItems: 50 }) }),
        response: { 200: Type.Array(AssetBody), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      await addAssets(db, config, accountId, request.body.currencies, derive);
      return added(accountId, request.body.currencies);
    },
  );

  app.delete(
    '/:account/account/currency/:currency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Archive an asset: hidden from the list; balance and address are kept',
        params: Type.Object({ account: AccountParams.properties.account, currency: CurrencyCode }),
        response: { 200: Empty, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      const { currency } = request.params;
      if (!(await archiveAsset(db, accountId, currency))) {
        const [row] = await db
          .select({ c: walletAssets.currency })
          .from(walletAssets)
          .where(and(eq(walletAssets.accountId, accountId), eq(walletAssets.currency, currency)));
        // Archiving twice is fine; archiving what was never added is not.
        if (!row)
          throw new DomainError('not_found', 'ASSET_NOT_FOUND', `No ${currency} asset on this account`, {
            field: 'currency',
          });
      }
      return {};
    },
  );

  app.post(
    '/:account/asset/transactions',
    {
      onRequest: authenticate,
      // Every filter field is optional, so an empty POST is a request for the defaults.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...common,
        summary: 'Transaction history, paged (page 1, size 100, newest first by default)',
        params: AccountParams,
        body: HistoryRequest,
        response: { 200: HistoryPageBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      const filter = request.body;
      knownCurrency(filter.currency);
      return listTransactions(db, accountId, filter);
    },
  );

  app.post(
    '/:account/asset/transactions/export',
    {
      onRequest: authenticate,
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        ...common,
        summary: 'The filtered history as CSV (exact decimals, ISO dates), streamed newest first',
        params: AccountParams,
        body: HistoryExportRequest,
        produces: ['text/csv'],
        response: { 200: CsvBody, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const filter = request.body;
      knownCurrency(filter.currency);
      const csv = historyCsvStream(db, request.accountId, filter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="history.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/:account/asset/transaction/:id',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'One transaction with every spec §3 field that applies',
        params: Type.Object({
          account: AccountParams.properties.account,
          id: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        querystring: Type.Object({ type: Type.Optional(Type.String({ maxLength: 16 })) }),
        response: { 200: TransactionBody, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      const tx = await findTransaction(db, accountId, request.params.id);
      if (!tx) throw new DomainError('not_found', 'TRANSACTION_NOT_FOUND', 'No such transaction');
      return tx;
    },
  );
};
