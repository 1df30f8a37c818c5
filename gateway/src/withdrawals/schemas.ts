import { Type } from 'typebox';
import { CurrencyCode, TransactionBody } from '../wallet/schemas.js';

const Address = Type.String({ minLength: 1, maxLength: 256, description: 'Checked by checksum on the network of the currency' });
const Decimal = Type.String({ minLength: 1, maxLength: 64, description: 'Exact decimal string, at most 8+8 digits, e.g. "0.5"', examples: ['0.5'] });

export const CheckAddressRequest = Type.Object({ currency: CurrencyCode, address: Address });

export const CheckAddressBody = Type.Object({
  checkResult: Type.Union([Type.Literal('OK'), Type.Literal('NOT_USED'), Type.Literal('BLOCKED')], {
    description: 'NOT_USED and BLOCKED come from screening (the sandbox deny-list, GET /dev/withdrawal/deny-list)',
  }),
  belongsToSameUser: Type.Boolean({ description: "The address is one of the caller's own deposit addresses" }),
  accountType: Type.Union([Type.Literal('B2C'), Type.Null()], { description: 'B2C when the address belongs to an account of this wallet' }),
}, { description: 'Spec §3 address check result' });

export const FeeRequest = Type.Object({
  currency: CurrencyCode,
  amount: Type.Optional(Decimal),
  depositAddress: Type.Optional(Type.String({ maxLength: 256, description: 'Optional; an address of this wallet makes the fee 0' })),
});

export const FeeBody = Type.Object({
  fee: Type.String({ description: 'Network fee in the currency sent, exact decimal string; "0" for an internal transfer', examples: ['0.00002'] }),
  currency: Type.String(),
}, { description: 'Spec §7 says "returns a number": this gateway answers { fee, currency } with the fee as an exact decimal string' });

export const WithdrawalRequestBody = Type.Object({
  currency: CurrencyCode,
  amount: Decimal,
  depositAddress: Address,
  idempotencyKey: Type.String({
    minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7E]+$',
    description: 'One per review screen; the same key with the same body returns the first withdrawal, with another body 409',
  }),
});

export const PincodeHeaders = Type.Object({
  pincode: Type.Optional(Type.String({ maxLength: 64, description: 'Required while a passcode is active' })),
});

export const WithdrawalBody = Type.Object({
  id: Type.String(),
  state: Type.Union([Type.Literal('IN_PROGRESS'), Type.Literal('COMPLETED'), Type.Literal('FAILED')]),
  kind: Type.Union([Type.Literal('EXTERNAL'), Type.Literal('INTERNAL')], { description: 'INTERNAL: to another user of this wallet, settled at once with no fee' }),
  currency: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  depositAddress: Type.String(),
  txHash: Type.Union([Type.String(), Type.Null()]),
  createdDate: Type.String(),
  transaction: Type.Union([TransactionBody, Type.Null()], { description: "The sender's history row (spec §3 transaction)" }),
}, { description: 'A withdrawal; a replay with the same idempotencyKey returns the same one, in its current state' });

export const DenyListBody = Type.Array(Type.Object({
  network: Type.String(), address: Type.String(), checkResult: Type.String(), why: Type.String(),
}));
