import { Type } from 'typebox';
import { ErrorBody } from '../http/errors.js';

export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody]));

export const CurrencyCode = Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Z0-9_]+$' });
export const AccountParams = Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) });
export const Empty = Type.Object({});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const CatalogueEntryBody = Type.Object({
  currency: Type.String(),
  name: Type.String(),
  logoName: Type.String(),
  secondaryLogoName: Nullable(Type.String()),
  parentName: Nullable(Type.String()),
  round: Type.Integer(),
  active: Type.Boolean(),
  crypto: Type.Boolean(),
  token: Type.Boolean(),
  blockchain: Type.String(),
  baseCurrency: Nullable(Type.String()),
  network: Type.String(),
  urlScan: Nullable(Type.String()),
  implementations: Type.Array(Type.Object({ currency: Type.String() })),
}, { description: 'Spec §3 coin catalogue entry' });

export const CoinMetaBody = Type.Object({
  fiat: Type.Array(Type.Object({ currency: Type.String(), name: Type.String() })),
  crypto: Type.Array(CatalogueEntryBody),
});

export const AssetBody = Type.Object({
  currency: Type.String(),
  isCrypto: Type.Boolean(),
  isToken: Type.Boolean(),
  totalAvailable: Type.String({ description: 'Exact decimal string' }),
  onHold: Type.String({ description: 'Exact decimal string' }),
  depositAddress: Nullable(Type.String()),
}, { description: 'Spec §3 asset/balance item' });

export const TransactionBody = Type.Object({
  id: Type.String(),
  currency: Type.String(),
  direction: Type.Union([Type.Literal('DEPOSIT'), Type.Literal('WITHDRAWAL')]),
  transactionType: Type.String(),
  state: Type.String(),
  amount: Type.String(),
  fee: Nullable(Type.String()),
  serviceFee: Nullable(Type.String()),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  sender: Nullable(Type.String()),
  receiver: Nullable(Type.String()),
  hash: Nullable(Type.String()),
  createdDate: Type.String(),
  dateReceived: Nullable(Type.String()),
  accountFromType: Nullable(Type.String()),
  accountToType: Nullable(Type.String()),
  explorerLink: Nullable(Type.String()),
  network: Nullable(Type.String()),
  confirmations: Nullable(Type.Integer()),
  requiredConfirmations: Nullable(Type.Integer()),
}, { description: 'Spec §3 transaction' });

export const HistoryRequest = Type.Object({
  currency: Type.Optional(CurrencyCode),
  sort: Type.Optional(Type.Union([Type.Literal('DESC'), Type.Literal('ASC')])),
  properties: Type.Optional(Type.Array(Type.Literal('createdDate'), { maxItems: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
}, { description: 'Every field optional: page 1, size 100, newest first' });

export const HistoryPageBody = Type.Object({
  content: Type.Array(TransactionBody),
  totalElements: Type.Integer(),
  totalPages: Type.Integer(),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
});
