import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

export const LANGUAGES = ['ENG', 'RUS'] as const;
export const LanguageSchema = Type.Enum([...LANGUAGES], { description: 'ENG | RUS' });
export type Language = Static<typeof LanguageSchema>;

export const FIAT_CURRENCIES = ['USD', 'EUR', 'KZT', 'UAH', 'AZN', 'CAD', 'RUB'] as const;
export const FiatCurrencySchema = Type.Enum([...FIAT_CURRENCIES]);
export type FiatCurrency = Static<typeof FiatCurrencySchema>;

export const AccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  language: LanguageSchema,
  defaultFiatCurrency: FiatCurrencySchema,
});
export type Account = Static<typeof AccountSchema>;

/** GET /b2c-user-management/user (spec §3 "user profile"). */
export const UserProfileSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Nullable(Type.String()),
    accounts: Type.Array(AccountSchema),
    pinCodeActive: Type.Boolean(),
    telegram: Type.Optional(Type.Object({ id: Type.Integer(), username: Nullable(Type.String()) })),
    passcodeResetHoldUntil: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'Present while a passcode reset holds money in the account: send, swap and sell are refused until then',
      }),
    ),
  },
  { description: 'The signed-in user; spec §3 "user profile"' },
);
export type UserProfile = Static<typeof UserProfileSchema>;

/** GET /b2c-user-management/user/auth. */
export const AuthInfoSchema = Type.Object({ tgAuth: Type.Boolean() });
export type AuthInfo = Static<typeof AuthInfoSchema>;

/** POST /b2c-user-management/user/pinCode/recover/tg: a Telegram user's way out of a passcode block. */
export const TelegramPasscodeRecoverySchema = Type.Object({
  initData: Type.String({
    maxLength: 8192,
    description: 'Telegram WebApp initData signed within the last few minutes (a fresh open of the Mini App)',
  }),
  pinCode: Type.String({ pattern: '^[0-9]{4}$', description: 'The new passcode: exactly 4 digits' }),
});
export type TelegramPasscodeRecovery = Static<typeof TelegramPasscodeRecoverySchema>;

/** The answer to a passcode recovery: the new passcode is active and money is held until `passcodeResetHoldUntil`. */
export const PasscodeRecoveredSchema = Type.Object({
  pinCodeActive: Type.Literal(true),
  passcodeResetHoldUntil: Type.String({ format: 'date-time' }),
});
export type PasscodeRecovered = Static<typeof PasscodeRecoveredSchema>;

/** POST /b2c-user-management/user/tg/code: a one-time code (10 min, single use) and its messenger deep link. */
export const TelegramLinkCodeSchema = Type.Object({
  code: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  deepLink: Type.String({ description: 'https://t.me/<bot>?startapp=<code>' }),
});
export type TelegramLinkCode = Static<typeof TelegramLinkCodeSchema>;

/**
 * The app's device id (issue 24): a long-lived random value it keeps and sends with every sign-in (the
 * password grant's `device_id`, the Telegram sign-in's `deviceId`), so the gateway can tell the owner
 * about a sign-in from a device it has not seen. 43 url-safe characters from the app; 16–128 accepted.
 */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{16,128}$';
export const DeviceIdSchema = Type.String({
  pattern: DEVICE_ID_PATTERN,
  maxLength: 128,
  description: "The app's long-lived random device id (new-device sign-in notices)",
});
