import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * oidc-provider's storage: one row per (model, id). Lookup columns are copied out of the payload
 * so the adapter can find by grant, uid or user code without scanning jsonb.
 */
export const oidcPayloads = pgTable(
  'oidc_payload',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payload_grant_id_idx').on(t.grantId),
    index('oidc_payload_uid_idx').on(t.uid),
    index('oidc_payload_user_code_idx').on(t.userCode),
    index('oidc_payload_expires_at_idx').on(t.expiresAt),
  ],
);

/** Signing JWKS (private JWKs) and cookie keys, so tokens and sessions survive a restart. */
export const oidcKeys = pgTable('oidc_key', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
