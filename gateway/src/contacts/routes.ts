import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { AccountParams, errors } from '../wallet/schemas.js';
import type { DeriveAddress } from '../wallet/addresses.js';
import { RecipientLookupQuerySchema, RecipientLookupSchema, VisibilitySchema } from '../../../contracts/contacts.js';
import { lookupRecipient, readVisibility, writeVisibility } from './lookup.js';

/** Issue 25: paying wallet users by @username or e-mail, under /b2c-wallet. {account} is checked by http/account.ts. */
export const contactsRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  authenticate: AuthHook;
  derive: DeriveAddress;
}> = async (app, { db, authenticate, derive }) => {
  const common = { tags: ['contacts'], security: bearer };

  app.get(
    '/:account/contacts/lookup',
    {
      onRequest: authenticate,
      config: { rateLimitRule: 'contacts' },
      schema: {
        ...common,
        summary: 'Find a wallet user who opted in, by @username or e-mail, and their address for a currency',
        description:
          'Answers `{ recipient: null }` alike for an unknown user, a hidden one (not opted in) and yourself: ' +
          'no enumeration. 429 RATE_LIMITED (rule contacts).',
        params: AccountParams,
        querystring: RecipientLookupQuerySchema,
        response: { 200: RecipientLookupSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({
      recipient: await lookupRecipient(db, derive, {
        callerAccountId: request.accountId,
        query: request.query.query,
        currency: request.query.currency,
      }),
    }),
  );

  app.get(
    '/:account/contacts/visibility',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: '"Let wallet users find me": on or off (off until turned on)',
        params: AccountParams,
        response: { 200: VisibilitySchema, ...errors(401, 404) },
      },
    },
    async (request) => ({ findable: await readVisibility(db, request.userId) }),
  );

  app.put(
    '/:account/contacts/visibility',
    {
      onRequest: authenticate,
      config: { rateLimitRule: 'contacts' },
      schema: {
        ...common,
        summary: 'Turn "Let wallet users find me" on or off',
        params: AccountParams,
        body: VisibilitySchema,
        response: { 200: VisibilitySchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({ findable: await writeVisibility(db, request.userId, request.body.findable) }),
  );
};
