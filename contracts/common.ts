import { Type, type TSchema, type TSchemaOptions } from 'typebox';

/** A value the gateway sends as JSON null when it does not apply. */
export const Nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) =>
  Type.Union([schema, Type.Null()], options);

/** A currency or coin code as the API spells it: `BTC`, `USDT_TRX`, `USD`. */
export const CurrencyCodeSchema = Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Z0-9_]+$' });

/** Amounts that move funds travel as exact decimal strings, never JSON numbers. */
export const DecimalSchema = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'Exact decimal string, at most 8+8 digits, e.g. "0.5"',
  examples: ['0.5'],
});
