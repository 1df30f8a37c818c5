import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { telegramLinks } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { isUuid, loadProfile, updatePreferences } from './repository.js';
import { AuthInfoBody, FiatCurrency, Language, ProfileBody, errors } from './schemas.js';

export async function requireProfile(db: Db, userId: string) {
  const profile = await loadProfile(db, userId);
  // A valid token for a user that no longer exists is as good as no token.
  if (!profile) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'The user of this token no longer exists');
  return profile;
}

/** The signed-in user's profile and preferences. */
export const profileRoutes: FastifyPluginAsyncTypebox<{ db: Db; authenticate: AuthHook }> = async (
  app,
  { db, authenticate },
) => {
  const common = { tags: ['users'], security: bearer };

  app.get(
    '/user',
    {
      onRequest: authenticate,
      schema: { ...common, summary: 'Profile of the signed-in user', response: { 200: ProfileBody, ...errors(401) } },
    },
    async (request) => requireProfile(db, request.userId),
  );

  app.get(
    '/user/auth',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Auth info: is a Telegram account linked',
        response: { 200: AuthInfoBody, ...errors(401) },
      },
    },
    async (request) => {
      if (!isUuid(request.userId)) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
      const [link] = await db
        .select({ id: telegramLinks.telegramUserId })
        .from(telegramLinks)
        .where(eq(telegramLinks.userId, request.userId));
      return { tgAuth: Boolean(link) };
    },
  );

  app.post(
    '/user/language/:language',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Change the interface language',
        params: Type.Object({ language: Language }),
        response: { 200: ProfileBody, ...errors(400, 401) },
      },
    },
    async (request) => {
      await updatePreferences(db, request.userId, { language: request.params.language });
      return requireProfile(db, request.userId);
    },
  );

  app.post(
    '/user/default-fiat-currency/update/:currency',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Change the default fiat currency',
        params: Type.Object({ currency: FiatCurrency }),
        response: { 200: ProfileBody, ...errors(400, 401) },
      },
    },
    async (request) => {
      await updatePreferences(db, request.userId, { defaultFiatCurrency: request.params.currency });
      return requireProfile(db, request.userId);
    },
  );
};
