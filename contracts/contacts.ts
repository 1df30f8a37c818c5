import { Type, type Static } from 'typebox';
import { CurrencyCodeSchema, Nullable } from './common.js';

/**
 * Paying a wallet user by @username or e-mail (issue 25). Only users who opted in ("Let wallet users
 * find me", off by default) can be found, and the look-up answers the same shape for an unknown and a
 * hidden user, so it tells nobody who has an account.
 */

/** A Telegram @username (5–32 letters, digits, underscores) or an e-mail address. */
export const RECIPIENT_QUERY_PATTERN = '^(?:@[A-Za-z0-9_]{5,32}|[^\\s@]{1,64}@[^\\s@]{1,255})$';

/** GET /b2c-wallet/{account}/contacts/lookup query. */
export const RecipientLookupQuerySchema = Type.Object({
  query: Type.String({ minLength: 3, maxLength: 320, pattern: RECIPIENT_QUERY_PATTERN }),
  currency: CurrencyCodeSchema,
});
export type RecipientLookupQuery = Static<typeof RecipientLookupQuerySchema>;

export const RecipientSchema = Type.Object({
  displayName: Type.String({ description: 'The @username, or the name part of the e-mail' }),
  address: Type.String({ description: "The user's deposit address on the network of `currency`" }),
});
export type Recipient = Static<typeof RecipientSchema>;

/** The answer: null for an unknown user, a hidden one (not opted in), yourself, or an asset without an address. */
export const RecipientLookupSchema = Type.Object({ recipient: Nullable(RecipientSchema) });
export type RecipientLookup = Static<typeof RecipientLookupSchema>;

/** GET and PUT /b2c-wallet/{account}/contacts/visibility. */
export const VisibilitySchema = Type.Object({
  findable: Type.Boolean({ description: 'Other wallet users can find me by @username or e-mail' }),
});
export type Visibility = Static<typeof VisibilitySchema>;
