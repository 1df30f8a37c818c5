import { Type } from 'typebox';
import { FiatCurrencySchema, LanguageSchema, UserProfileSchema, AuthInfoSchema } from '../../../contracts/user.js';
import { ErrorBody } from '../http/errors.js';

// The API shapes live in contracts/ (shared with the app); the names here are the ones the routes use.
export const Language = LanguageSchema;
export const FiatCurrency = FiatCurrencySchema;

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const Code = Type.String({ minLength: 1, maxLength: 256 });

export const ProfileBody = UserProfileSchema;

export const AuthInfoBody = AuthInfoSchema;

export const Empty = Type.Object({});

export const TokenSetBody = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    refresh_token: Type.String(),
    id_token: Type.String(),
    scope: Type.String(),
  },
  { description: 'Same JSON as the token endpoint returns for the password grant' },
);

export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
