import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { AccountParams, Empty, errors } from '../wallet/schemas.js';
import {
  AddressBookEntrySchema,
  AddressBookPageQuerySchema,
  AddressBookPageSchema,
  NewAddressBookEntrySchema,
  RenameAddressBookEntrySchema,
} from '../../../contracts/addressBook.js';
import {
  ADDRESS_BOOK_MAX_ENTRIES,
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  NAME_MAX,
  renameEntry,
} from './service.js';

const EntryBody = AddressBookEntrySchema;
const CreateBody = NewAddressBookEntrySchema;
const PageRequest = AddressBookPageQuerySchema;
const PageBody = AddressBookPageSchema;

const EntryParams = Type.Object({
  account: AccountParams.properties.account,
  id: Type.String({ minLength: 1, maxLength: 64 }),
});

/** Spec §7 Address book, under /b2c-address-book. {account} is checked by http/account.ts. */
export const addressBookRoutes: FastifyPluginAsyncTypebox<{ db: Db; authenticate: AuthHook }> = async (
  app,
  { db, authenticate },
) => {
  const common = { tags: ['address-book'], security: bearer };

  app.post(
    '/:account/address-book',
    {
      onRequest: authenticate,
      config: { rateLimitRule: 'addressBook' },
      schema: {
        ...common,
        summary: 'Save a recipient (address checked by its network)',
        description: `At most ${ADDRESS_BOOK_MAX_ENTRIES} per account: 409 ADDRESS_BOOK_FULL. 429 RATE_LIMITED (rule addressBook).`,
        params: AccountParams,
        body: CreateBody,
        response: { 200: EntryBody, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request) => {
      const { accountId } = request;
      return createEntry(db, accountId, request.body);
    },
  );

  app.post(
    '/:account/address-book/all',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'One page of saved recipients, oldest first',
        params: AccountParams,
        body: PageRequest,
        response: { 200: PageBody, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      return listEntries(db, accountId, request.body.pageNumber, request.body.pageSize);
    },
  );

  app.get(
    '/:account/address-book/:id',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'One saved recipient',
        params: EntryParams,
        response: { 200: EntryBody, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      return getEntry(db, accountId, request.params.id);
    },
  );

  app.patch(
    '/:account/address-book/:id',
    {
      onRequest: authenticate,
      config: { rateLimitRule: 'addressBook' },
      schema: {
        ...common,
        summary: 'Rename a saved recipient (its network and address stay)',
        description: `name: 1–${NAME_MAX} characters after trimming (400 VALIDATION_ERROR, field name); no other field. 404 ADDRESS_BOOK_ENTRY_NOT_FOUND for another account's or a made-up id. 429 RATE_LIMITED (rule addressBook).`,
        params: EntryParams,
        body: RenameAddressBookEntrySchema,
        response: { 200: EntryBody, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { accountId } = request;
      return renameEntry(db, accountId, request.params.id, request.body);
    },
  );

  app.delete(
    '/:account/address-book/:id',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Delete a saved recipient',
        params: EntryParams,
        response: { 200: Empty, ...errors(401, 404) },
      },
    },
    async (request) => {
      const { accountId } = request;
      await deleteEntry(db, accountId, request.params.id);
      return {};
    },
  );
};
