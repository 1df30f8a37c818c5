import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, DecimalSchema, Nullable } from './common.js';
import { AccountTypeSchema, TransactionSchema } from './wallet.js';

const AddressSchema = Type.String({
  minLength: 1,
  maxLength: 256,
  description: 'Checked by checksum on the network of the currency',
});

/** POST /b2c-wallet/{account}/withdrawal/check-address body. */
export const AddressCheckQuerySchema = Type.Object({ currency: CurrencyCodeSchema, address: AddressSchema });
export type AddressCheckQuery = Static<typeof AddressCheckQuerySchema>;

/** Spec §3 address check result. */
export const AddressCheckSchema = Type.Object(
  {
    checkResult: Type.Union([Type.Literal('OK'), Type.Literal('NOT_USED'), Type.Literal('BLOCKED')], {
      description: 'NOT_USED and BLOCKED come from screening (the sandbox deny-list, GET /dev/withdrawal/deny-list)',
    }),
    belongsToSameUser: Type.Boolean({ description: "The address is one of the caller's own deposit addresses" }),
    accountType: Nullable(AccountTypeSchema, {
      description: 'B2C when the address belongs to an account of this wallet',
    }),
  },
  { description: 'Spec §3 address check result' },
);
export type AddressCheck = Static<typeof AddressCheckSchema>;

/** POST /b2c-wallet/{account}/withdrawal/preliminary/fee body. */
export const FeeQuerySchema = Type.Object({
  currency: CurrencyCodeSchema,
  amount: Type.Optional(DecimalSchema),
  depositAddress: Type.Optional(
    Type.String({ maxLength: 256, description: 'Optional; an address of this wallet makes the fee 0' }),
  ),
});
export type FeeQuery = Static<typeof FeeQuerySchema>;

export const FeeSchema = Type.Object(
  {
    fee: Type.String({
      description: 'Network fee in the currency sent, exact decimal string; "0" for an internal transfer',
      examples: ['0.00002'],
    }),
    currency: Type.String(),
  },
  {
    description:
      'Spec §7 says "returns a number": this gateway answers { fee, currency } with the fee as an exact decimal string',
  },
);
export type Fee = Static<typeof FeeSchema>;

/** Spec §7 POST /b2c-wallet/{account}/withdrawal body; the amount is an exact decimal string. */
export const WithdrawalRequestSchema = Type.Object({
  currency: CurrencyCodeSchema,
  amount: DecimalSchema,
  depositAddress: AddressSchema,
  idempotencyKey: Type.String({
    minLength: 8,
    maxLength: 128,
    pattern: '^[\\x21-\\x7E]+$',
    description:
      'One per review screen; the same key with the same body returns the first withdrawal, with another body 409',
  }),
});
export type WithdrawalRequest = Static<typeof WithdrawalRequestSchema>;

export const WithdrawalSchema = Type.Object(
  {
    id: Type.String(),
    state: Type.Union([Type.Literal('IN_PROGRESS'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
    kind: Type.Union([Type.Literal('EXTERNAL'), Type.Literal('INTERNAL')], {
      description: 'INTERNAL: to another user of this wallet, settled at once with no fee',
    }),
    currency: Type.String(),
    amount: Type.String(),
    fee: Type.String(),
    depositAddress: Type.String(),
    txHash: Nullable(Type.String()),
    createdDate: Type.String(),
    transaction: Nullable(TransactionSchema, { description: "The sender's history row (spec §3 transaction)" }),
  },
  { description: 'A withdrawal; a replay with the same idempotencyKey returns the same one, in its current state' },
);
export type Withdrawal = Static<typeof WithdrawalSchema>;
