import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEVICE_ID_PATTERN } from '../../../contracts/user.js';
import type { Db } from '../db/client.js';
import type { DeviceLabel } from '../db/schema/devices.js';
import { securityEvents } from '../db/schema/index.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { deviceLabelOf } from './userAgent.js';

/**
 * The app's device id: a long-lived random value it keeps (src/auth/deviceId.ts) and sends with every
 * sign-in (the password grant's `device_id`, the Telegram sign-in's `deviceId`). Checked at the edge.
 */
const DEVICE_ID = new RegExp(DEVICE_ID_PATTERN);
export const isDeviceId = (value: unknown): value is string => typeof value === 'string' && DEVICE_ID.test(value);

/** Kept per user; the least recently seen beyond this are forgotten (a forgotten device is new again). */
export const MAX_DEVICES_PER_USER = 20;

export interface SignInDevice {
  /** Absent for a client that keeps none (a script, the identity provider's own sign-in page). */
  deviceId?: string | undefined;
  userAgent?: string | undefined;
  via: DeviceLabel['via'];
  /** Remember the device without telling the owner (a Telegram link, which is told as a link). */
  quiet?: boolean;
}

/**
 * Clients without a device id share ONE entry per user: the first such sign-in after others is told,
 * later ones are not. The app always sends an id, so for its users that entry only ever comes from
 * somewhere else, and its first use is reported. (Telling every id-less sign-in would mail scripts and
 * tests on every token.)
 */
const hashOf = (deviceId: string | undefined) =>
  createHash('sha256')
    .update(deviceId === undefined ? 'unidentified' : `device:${deviceId}`)
    .digest('hex');

export type SignInOutcome = 'first' | 'known' | 'new';

/**
 * Records a sign-in's device before its tokens are issued, and when the device is new for a user who has
 * signed in before, the security event and its notification (bot and e-mail, the user's language) in the
 * SAME transaction: the device cannot be remembered without the owner being told, nor told twice. The
 * user's row is locked first, so two first sign-ins at once are one "first" and one "new", never two
 * silent ones. The very first sign-in (just after sign-up, or a Telegram user's creation) tells nobody.
 * A failure throws and the sign-in fails with it: no tokens for a sign-in that was not recorded.
 */
export async function recordSignIn(db: Db, userId: string, device: SignInDevice): Promise<SignInOutcome> {
  const label = deviceLabelOf(device.userAgent, device.via);
  const hash = hashOf(device.deviceId);
  return db.transaction(async (tx) => {
    const { rows: owner } = (await tx.execute(
      sql`select 1 from users where id = ${userId}::uuid for no key update`,
    )) as unknown as { rows: unknown[] };
    // A user store other than the users table (an identity provider's own tests): nothing to record against.
    if (!owner.length) return 'known';
    const { rows } = (await tx.execute(sql`with prior as (
        select count(*)::int as n from user_devices where user_id = ${userId}::uuid),
      seen as (
        insert into user_devices (user_id, device_hash, label) values (${userId}::uuid, ${hash}, ${JSON.stringify(label)}::jsonb)
        on conflict (user_id, device_hash) do update set last_seen_at = now(), label = excluded.label
        returning (xmax = 0) as inserted)
      select seen.inserted, prior.n from seen, prior`)) as unknown as { rows: { inserted: boolean; n: number }[] };
    const { inserted, n } = rows[0]!;
    if (!inserted) return 'known';
    await tx.execute(sql`delete from user_devices where user_id = ${userId}::uuid and device_hash in (
        select device_hash from user_devices where user_id = ${userId}::uuid
        order by last_seen_at desc, first_seen_at desc offset ${MAX_DEVICES_PER_USER})`);
    if (n === 0) return 'first';
    if (device.quiet) return 'new';
    const [event] = await tx
      .insert(securityEvents)
      .values({ userId, kind: 'new_device_sign_in', detail: { browser: label.browser, os: label.os, via: label.via } })
      .returning({ id: securityEvents.id, at: securityEvents.createdAt });
    await enqueueNotification(tx, {
      userId,
      event: 'security.new_device',
      ref: `security:${event!.id}`,
      data: { device: label, at: event!.at.toISOString() },
    });
    return 'new';
  });
}
