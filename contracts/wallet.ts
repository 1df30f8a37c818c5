import { Type, type Static } from 'typebox';
import { HISTORY_KINDS, type HistoryKind } from './historyKinds.js';
import { CurrencyCodeSchema, Nullable } from './common.js';

/** Spec §3 coin catalogue entry (GET /b2c-wallet/meta-info/currency). */
export const CoinSchema = Type.Object(
  {
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
  },
  { description: 'Spec §3 coin catalogue entry' },
);
export type Coin = Static<typeof CoinSchema>;

export const FiatMetaSchema = Type.Object({ currency: Type.String(), name: Type.String() });
export type FiatMeta = Static<typeof FiatMetaSchema>;

/** GET /b2c-wallet/meta-info/coin. */
export const CoinMetaSchema = Type.Object({ fiat: Type.Array(FiatMetaSchema), crypto: Type.Array(CoinSchema) });
export type CoinMeta = Static<typeof CoinMetaSchema>;

/** Spec §3 asset/balance item; amounts are exact decimal strings. */
export const AssetSchema = Type.Object(
  {
    currency: Type.String(),
    isCrypto: Type.Boolean(),
    isToken: Type.Boolean(),
    totalAvailable: Type.String({ description: 'Exact decimal string' }),
    onHold: Type.String({ description: 'Exact decimal string' }),
    depositAddress: Nullable(Type.String()),
  },
  { description: 'Spec §3 asset/balance item' },
);
export type Asset = Static<typeof AssetSchema>;

export const TransactionStateSchema = Type.Union([
  Type.Literal('IN_PROGRESS'),
  Type.Literal('COMPLETED'),
  Type.Literal('FAILED'),
]);
export type TransactionState = Static<typeof TransactionStateSchema>;

export const TransactionTypeSchema = Type.Union([
  Type.Literal('DEPOSIT'),
  Type.Literal('WITHDRAWAL'),
  Type.Literal('EXCHANGE'),
  Type.Literal('C2F'),
  Type.Literal('F2C'),
]);
export type TransactionType = Static<typeof TransactionTypeSchema>;

export const AccountTypeSchema = Type.Union([Type.Literal('B2C'), Type.Literal('B2B')]);
export type AccountType = Static<typeof AccountTypeSchema>;

/** A field of a transaction that only some transactions carry: absent or null when it does not apply. */
const Maybe = <T extends Parameters<typeof Nullable>[0]>(schema: T) => Type.Optional(Nullable(schema));

/** Spec §3 transaction; only the fields that apply to the transaction are required to be present. */
export const TransactionSchema = Type.Object(
  {
    id: Type.String(),
    currency: Type.String(),
    direction: Type.Union([Type.Literal('DEPOSIT'), Type.Literal('WITHDRAWAL')]),
    transactionType: TransactionTypeSchema,
    state: TransactionStateSchema,
    amount: Type.String(),
    fee: Maybe(Type.String()),
    serviceFee: Maybe(Type.String()),
    exchangeRate: Maybe(Type.String()),
    from: Maybe(Type.String()),
    to: Maybe(Type.String()),
    sender: Maybe(Type.String()),
    receiver: Maybe(Type.String()),
    senderName: Maybe(Type.String()),
    recipientName: Maybe(Type.String()),
    hash: Maybe(Type.String()),
    createdDate: Type.String(),
    dateReceived: Maybe(Type.String()),
    accountFromType: Maybe(AccountTypeSchema),
    accountToType: Maybe(AccountTypeSchema),
    fromCurrency: Maybe(Type.String()),
    toCurrency: Maybe(Type.String()),
    fromAmount: Maybe(Type.String()),
    toAmount: Maybe(Type.String()),
    fiatCurrency: Maybe(Type.String()),
    /** F2C (card buy): the card paid with, masked as the acquirer reported it, and the buy order's id. */
    maskedCard: Maybe(Type.String()),
    orderId: Maybe(Type.String()),
    explorerLink: Maybe(Type.String()),
    network: Maybe(Type.String()),
    confirmations: Maybe(Type.Integer()),
    requiredConfirmations: Maybe(Type.Integer()),
  },
  { description: 'Spec §3 transaction' },
);
export type Transaction = Static<typeof TransactionSchema>;

export { HISTORY_KINDS, type HistoryKind } from './historyKinds.js';
export const HistoryKindSchema = Type.Union([
  Type.Literal('received'),
  Type.Literal('sent'),
  Type.Literal('swapped'),
  Type.Literal('bought'),
  Type.Literal('sold'),
]);
// The schema and the list name the same kinds (fails to compile when one changes alone).
const sameKinds: [Static<typeof HistoryKindSchema>, HistoryKind] extends [HistoryKind, Static<typeof HistoryKindSchema>]
  ? true
  : never = true;
void sameKinds;

/** An instant with its offset, e.g. 2026-02-21T00:00:00.000+03:00 (the app sends the start of the user's day). */
const InstantSchema = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$',
});

/** The filters history and its CSV export share; each one left out does not filter. */
export const HistoryFilterSchema = Type.Object({
  currency: Type.Optional(CurrencyCodeSchema),
  kinds: Type.Optional(
    Type.Array(HistoryKindSchema, { minItems: 1, maxItems: HISTORY_KINDS.length, uniqueItems: true }),
  ),
  states: Type.Optional(Type.Array(TransactionStateSchema, { minItems: 1, maxItems: 3, uniqueItems: true })),
  /** Inclusive lower bound of createdDate. */
  createdFrom: Type.Optional(InstantSchema),
  /** Exclusive upper bound of createdDate. */
  createdBefore: Type.Optional(InstantSchema),
  /** Part of an address (from or to) or of a hash, any case. */
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});
export type HistoryFilter = Static<typeof HistoryFilterSchema>;

/** POST /b2c-wallet/{account}/asset/transactions body (spec §7), with the filters and cursor paging added. */
export const HistoryQuerySchema = Type.Object(
  {
    ...HistoryFilterSchema.properties,
    sort: Type.Optional(Type.Union([Type.Literal('DESC'), Type.Literal('ASC')])),
    properties: Type.Optional(Type.Array(Type.Literal('createdDate'), { maxItems: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    /** The previous page's nextCursor: the page after it (pageNumber is then ignored). */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { description: 'Every field optional: page 1, size 100, newest first, no filter' },
);
export type HistoryQuery = Static<typeof HistoryQuerySchema>;

export const HistoryPageSchema = Type.Object({
  content: Type.Array(TransactionSchema),
  totalElements: Type.Integer(),
  totalPages: Type.Integer(),
  pageNumber: Type.Integer(),
  pageSize: Type.Integer(),
  /** Where the next page starts; null on the last page. */
  nextCursor: Type.Optional(Nullable(Type.String())),
});
export type HistoryPage = Static<typeof HistoryPageSchema>;

/** POST /b2c-wallet/{account}/asset/transactions/export body: the filters, newest first. */
export const HistoryExportQuerySchema = Type.Object(
  { ...HistoryFilterSchema.properties },
  {
    description: 'The history filters; the answer is text/csv, every matching row, newest first',
  },
);
export type HistoryExportQuery = Static<typeof HistoryExportQuerySchema>;

/** ratesMap[from][to]: display rates (spec §3); never used to move funds. */
export const RatesMapSchema = Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()));
export type RatesMap = Static<typeof RatesMapSchema>;

/** POST /b2c-wallet/rate body. */
export const RatesQuerySchema = Type.Object({
  from: Type.Array(CurrencyCodeSchema, { minItems: 1, maxItems: 50 }),
  to: Type.Array(CurrencyCodeSchema, { minItems: 1, maxItems: 50 }),
});
export type RatesQuery = Static<typeof RatesQuerySchema>;

export const RatesSchema = Type.Object(
  { ratesMap: RatesMapSchema },
  {
    description: 'ratesMap[from][to]: display rates, never used to move funds',
  },
);
export type Rates = Static<typeof RatesSchema>;
