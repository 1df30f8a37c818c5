// What a security event is, apart from events.ts: the mail templates word each kind, and events.ts
// imports the templates to mail them.

/**
 * Every change of who can reach an account, and every refused attempt at one (docs/security.md).
 * `refused` kinds are attempts that were turned away; the others are changes that happened.
 */
export const SECURITY_EVENT_KINDS = [
  'password_reset',
  'passcode_recovered',
  'sessions_revoked',
  'telegram_linked',
  'telegram_unlinked',
  'telegram_relinked',
  'telegram_link_refused',
  'telegram_relink_requested',
  /** A sign-in from a device the user had not signed in from (security/devices.ts; told through the notification outbox). */
  'new_device_sign_in',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export type SecurityDetail = Record<string, string | number | boolean | null>;
