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
export const UserProfileSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Nullable(Type.String()),
  accounts: Type.Array(AccountSchema),
  pinCodeActive: Type.Boolean(),
  telegram: Type.Optional(Type.Object({ id: Type.Integer(), username: Nullable(Type.String()) })),
}, { description: 'The signed-in user; spec §3 "user profile"' });
export type UserProfile = Static<typeof UserProfileSchema>;

/** GET /b2c-user-management/user/auth. */
export const AuthInfoSchema = Type.Object({ tgAuth: Type.Boolean() });
export type AuthInfo = Static<typeof AuthInfoSchema>;
