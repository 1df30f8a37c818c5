import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { CurrencyCodeSchema } from '../../../contracts/common.js';
import {
  AssetSchema,
  CoinMetaSchema,
  CoinSchema,
  HistoryExportQuerySchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  TransactionSchema,
} from '../../../contracts/wallet.js';
import { ErrorBody } from '../http/errors.js';

export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody]));

// The API shapes live in contracts/ (shared with the app); the names here are the ones the routes use.
export const CurrencyCode = CurrencyCodeSchema;
export const AccountParams = Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) });
export const Empty = Type.Object({});

export const CatalogueEntryBody = CoinSchema;
export const CoinMetaBody = CoinMetaSchema;
export const AssetBody = AssetSchema;
export const TransactionBody = TransactionSchema;
export const HistoryRequest = HistoryQuerySchema;
export const HistoryPageBody = HistoryPageSchema;
export const HistoryExportRequest = HistoryExportQuerySchema;
/** text/csv, streamed: a header line, then one line per transaction (never serialized as JSON). */
export const CsvBody = Type.Unsafe<Readable>({
  type: 'string',
  description: 'text/csv: a header line, then one line per transaction',
});
