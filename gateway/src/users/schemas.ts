import { Type } from 'typebox';
import { FIAT_CURRENCIES, LANGUAGES } from '../db/schema/index.js';
import { ErrorBody } from '../http/errors.js';

export const Language = Type.Enum([...LANGUAGES], { description: 'ENG | RUS' });
export const FiatCurrency = Type.Enum([...FIAT_CURRENCIES]);

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 128 });
export const Code = Type.String({ minLength: 1, maxLength: 256 });

export const ProfileBody = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.Union([Type.String(), Type.Null()]),
  accounts: Type.Array(Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    language: Language,
    defaultFiatCurrency: FiatCurrency,
  })),
  pinCodeActive: Type.Boolean(),
  telegram: Type.Optional(Type.Object({ id: Type.Integer(), username: Type.Union([Type.String(), Type.Null()]) })),
}, { description: 'The signed-in user; spec §3 "user profile"' });

export const AuthInfoBody = Type.Object({ tgAuth: Type.Boolean() });

export const Empty = Type.Object({});

export const TokenSetBody = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
  id_token: Type.String(),
  scope: Type.String(),
}, { description: 'Same JSON as the token endpoint returns for the password grant' });

export const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody]));
