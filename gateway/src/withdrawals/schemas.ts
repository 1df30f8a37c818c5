import { Type } from 'typebox';
import {
  AddressCheckQuerySchema,
  AddressCheckSchema,
  FeeQuerySchema,
  FeeSchema,
  WithdrawalRequestSchema,
  WithdrawalSchema,
} from '../../../contracts/send.js';

// The API shapes live in contracts/ (shared with the app); the names here are the ones the routes use.
export const CheckAddressRequest = AddressCheckQuerySchema;
export const CheckAddressBody = AddressCheckSchema;
export const FeeRequest = FeeQuerySchema;
export const FeeBody = FeeSchema;
export const WithdrawalRequestBody = WithdrawalRequestSchema;
export const WithdrawalBody = WithdrawalSchema;

export const PincodeHeaders = Type.Object({
  pincode: Type.Optional(Type.String({ maxLength: 64, description: 'Required while a passcode is active' })),
});

export const DenyListBody = Type.Array(
  Type.Object({
    network: Type.String(),
    address: Type.String(),
    checkResult: Type.String(),
    why: Type.String(),
  }),
);
