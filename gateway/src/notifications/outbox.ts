import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { DeviceLabel } from '../db/schema/devices.js';

/** Money events: told when the user's `money` preference is on. */
export const MONEY_EVENTS = [
  'deposit.credited',
  'buy.credited',
  'buy.declined',
  'send.completed',
  'send.failed',
  'swap.completed',
  'swap.failed',
  'sell.paid',
  'sell.failed',
] as const;
/** Security events: by Telegram when `security` is on; by e-mail always (they cannot be turned off). */
export const SECURITY_EVENTS = [
  'security.passcode_changed',
  'security.reset_started',
  'security.reset_ended',
  'security.telegram_linked',
  'security.telegram_unlinked',
  'security.new_device',
] as const;
export type MoneyEvent = (typeof MONEY_EVENTS)[number];
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];
export type NotificationEvent = MoneyEvent | SecurityEvent;
export const isMoneyEvent = (e: string): e is MoneyEvent => (MONEY_EVENTS as readonly string[]).includes(e);

export const CHANNELS = ['telegram', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
/** The job engine's kind per channel; the job's key is the notification's id. */
export const jobKindOf = (channel: Channel) => `notify-${channel}` as const;

/** What a message says. Amounts in minor units, as strings (exact). */
export interface NotificationData {
  /** The history row the message's button opens. */
  transactionId?: string;
  /** The history row's type (DEPOSIT, WITHDRAWAL, EXCHANGE, C2F, F2C): the app's transaction route needs it. */
  transactionType?: string;
  currency?: string;
  amountMinor?: string;
  /** A swap's destination. */
  toCurrency?: string;
  toAmountMinor?: string;
  /** A sale's payout. */
  fiatCurrency?: string;
  fiatAmountMinor?: string;
  /** A security event's detail (a Telegram @username…). */
  detail?: string;
  /** `security.reset_ended`: the end of the hold it reports (a later hold supersedes it). */
  holdUntil?: string;
  /** `security.new_device`: the device as its User-Agent names it, and when the sign-in was (ISO). */
  device?: DeviceLabel;
  at?: string;
}

export interface NotificationInput {
  /** Whose event: the user, or one of their wallet accounts (the user is looked up in the same statement). */
  userId?: string;
  accountId?: string;
  event: NotificationEvent;
  /** What identifies the event: with `event`, unique; a second enqueue of it changes nothing. */
  ref: string;
  data: NotificationData;
  /** Default both. A security event the owner is already mailed about elsewhere passes ['telegram']. */
  channels?: readonly Channel[];
  /** Not before this long from now (the end of a reset hold). */
  delayMs?: number;
}

/**
 * The outbox row and one job per channel, in ONE statement inside the caller's transaction (the one
 * that credits the deposit, settles the send…): the event and its notification commit together or not
 * at all. Whether a channel is wanted (linked Telegram, preferences) is decided when the job runs, so
 * the money's transaction pays for this one statement and no read.
 */
export async function enqueueNotification(tx: Executor, n: NotificationInput): Promise<void> {
  if (!n.userId && !n.accountId) throw new Error('enqueueNotification needs a userId or an accountId');
  const user = n.userId ? sql`${n.userId}::uuid` : sql`(select user_id from accounts where id = ${n.accountId}::uuid)`;
  const kinds = sql.join(
    (n.channels ?? CHANNELS).map((c) => sql`(${jobKindOf(c)})`),
    sql`, `,
  );
  await tx.execute(sql`with n as (
      insert into notifications (user_id, event, ref, data)
      select u, ${n.event}, ${n.ref}, ${JSON.stringify(n.data)}::jsonb from (select ${user} as u) who where u is not null
      on conflict (event, ref) do nothing
      returning id)
    insert into jobs (kind, key, run_at)
    select c.kind, n.id::text, now() + make_interval(secs => ${(n.delayMs ?? 0) / 1000})
    from n cross join (values ${kinds}) as c(kind)
    on conflict (kind, key) do nothing`);
}
