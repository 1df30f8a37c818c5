import { Type, type Static } from 'typebox';

/**
 * Every error body the gateway returns (spec §7). The app turns it into its `ApiError` class (with the
 * HTTP status), hence the `Body` suffix here: one name for the wire shape, one for the thrown error.
 */
export const ApiErrorSchema = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    field: Type.Optional(Type.String()),
    waitSeconds: Type.Optional(
      Type.Integer({ description: 'B2C_USM0030: seconds before the passcode may be entered again' }),
    ),
    attemptsLeft: Type.Optional(
      Type.Integer({ description: 'B2C_USM0031: wrong passcodes left before the next wait or the block' }),
    ),
    holdUntil: Type.Optional(
      Type.String({ format: 'date-time', description: 'PASSCODE_RESET_HOLD: when money may leave the account again' }),
    ),
  },
  { description: 'Every error the gateway returns' },
);
export type ApiErrorBody = Static<typeof ApiErrorSchema>;
