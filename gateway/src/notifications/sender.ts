import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { renewClaim } from '../jobs/queue.js';
import { createJobWorker, type ClaimedJob, type JobLogger, type JobResult, type JobSettings } from '../jobs/engine.js';
import type { Mailer } from '../mail/mailer.js';
import type { BotApi } from './botApi.js';
import type { NotifyCrash, NotifyCrashPoint } from './config.js';
import { renderNotification, transactionPathOf, type Language } from './messages.js';
import { isMoneyEvent, jobKindOf, type Channel, type NotificationData, type NotificationEvent } from './outbox.js';

/** `<channel> <id>` of every delivery of this process inside the window (crash tests only). */
const inWindow = new Set<string>();
/**
 * `ambiguous <channel> <id>`: deliveries whose call or record failed after the call began (a timeout, a
 * dropped connection): the channel may have taken the message, so the retry may repeat it (crash tests only).
 */
const ambiguous = new Set<string>();
function windowMark(crash: NotifyCrash | undefined, entry: string, inside: boolean) {
  if (!crash?.windowFile) return;
  if (inside) inWindow.add(entry);
  else inWindow.delete(entry);
  // Written aside and renamed over: a kill between the truncation and the write would leave it empty.
  writeFileSync(`${crash.windowFile}.next`, [...inWindow, ...ambiguous].join('\n'));
  renameSync(`${crash.windowFile}.next`, crash.windowFile);
}
/** Each step of a delivery, so a repeat the window does not explain can be read step by step (crash tests only). */
function trace(crash: NotifyCrash | undefined, step: string, channel: Channel, job: ClaimedJob) {
  if (crash?.traceFile)
    appendFileSync(
      crash.traceFile,
      `${Date.now()} pid ${process.pid} ${step} ${channel} ${job.key} attempt ${job.attempts}\n`,
    );
}
/** A delivery that failed inside the window leaves it as ambiguous, kept for the rest of the process. */
function windowFailed(crash: NotifyCrash | undefined, entry: string) {
  if (crash?.windowFile && inWindow.has(entry)) ambiguous.add(`ambiguous ${entry}`);
  windowMark(crash, entry, false);
}

export interface SenderOptions {
  db: Db;
  settings: JobSettings;
  bot?: BotApi;
  mailer?: Mailer;
  /** The Mini App's URL (a web_app button opens it) and the web app's, for e-mail links. */
  publicUrl: string;
  log?: JobLogger;
  crash?: NotifyCrash;
}

interface Target {
  event: NotificationEvent;
  data: NotificationData;
  done: boolean;
  language: Language;
  email: string | null;
  chatId: number | null;
  /** The user's reset hold, for `security.reset_ended`. */
  holdUntil: Date | null;
  prefs: { telegram: boolean; email: boolean; money: boolean; security: boolean };
}

/**
 * The notification, its user's language, e-mail, linked Telegram chat and preferences: one read. Bot
 * messages count as allowed only by the linked account that allowed them (preferences.ts).
 */
async function readTarget(db: Db, id: string, channel: Channel): Promise<Target | undefined> {
  const done = channel === 'telegram' ? sql.raw('n.telegram_done_at') : sql.raw('n.email_done_at');
  const { rows } = (await db.execute(sql`select n.event, n.data, ${done} is not null as done,
      u.language, u.email, tl.telegram_user_id as chat_id, u.passcode_reset_hold_until as hold_until,
      coalesce(p.telegram and p.telegram_chat_id = tl.telegram_user_id, false) as p_telegram, coalesce(p.email, true) as p_email,
      coalesce(p.money, true) as p_money, coalesce(p.security, true) as p_security
    from notifications n
    join users u on u.id = n.user_id
    left join notification_preferences p on p.user_id = n.user_id
    left join lateral (select telegram_user_id from telegram_links where user_id = n.user_id
      order by linked_at desc limit 1) tl on true
    where n.id = ${id}::uuid`)) as unknown as { rows: Record<string, unknown>[] };
  const r = rows[0];
  if (!r) return undefined;
  return {
    event: r.event as NotificationEvent,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as NotificationData,
    done: r.done === true,
    language: r.language === 'RUS' ? 'RUS' : 'ENG',
    email: (r.email as string | null) ?? null,
    chatId: r.chat_id == null ? null : Number(r.chat_id),
    holdUntil: r.hold_until == null ? null : new Date(r.hold_until as string | Date),
    prefs: {
      telegram: r.p_telegram === true,
      email: r.p_email === true,
      money: r.p_money === true,
      security: r.p_security === true,
    },
  };
}

/** Why a channel is not used for this notification, or null when it is. */
export function skipReason(channel: Channel, t: Target): string | null {
  const money = isMoneyEvent(t.event);
  if (channel === 'telegram') {
    if (t.chatId === null) return 'no linked Telegram';
    if (!t.prefs.telegram) return 'bot messages not allowed';
    if (money ? !t.prefs.money : !t.prefs.security) return money ? 'money messages off' : 'security messages off';
    return null;
  }
  if (!t.email) return 'no e-mail';
  // Security e-mails cannot be turned off.
  if (money && (!t.prefs.email || !t.prefs.money)) return t.prefs.email ? 'money messages off' : 'e-mail off';
  return null;
}

/**
 * The one statement after the channel answered: the notification marked done for this channel and its
 * job finished, together. A crash before it commits (the window) sends the message again when the
 * lease runs out; a crash after it sends nothing more.
 */
async function record(db: Db, id: string, channel: Channel, outcome: string, messageId: number | null) {
  const kind = jobKindOf(channel);
  const mark =
    channel === 'telegram'
      ? sql`update notifications set telegram_done_at = now(), telegram_outcome = ${outcome}, telegram_message_id = ${messageId}::bigint
          where id = ${id}::uuid and telegram_done_at is null returning 1`
      : sql`update notifications set email_done_at = now(), email_outcome = ${outcome}
          where id = ${id}::uuid and email_done_at is null returning 1`;
  await db.execute(sql`with marked as (${mark})
    update jobs set finished_at = now(), last_error = ${outcome === 'sent' ? null : outcome}
    where kind = ${kind} and key = ${id} and finished_at is null`);
}

function maybeCrash(crash: NotifyCrash | undefined, point: NotifyCrashPoint, channel: Channel, id: string) {
  if (!crash?.points.includes(point) || Math.random() >= crash.rate) return;
  if (crash.logFile) appendFileSync(crash.logFile, `${point} ${channel} ${id}\n`);
  process.kill(process.pid, 'SIGKILL');
}

/** One channel's sender on the job engine: kind `notify-telegram` or `notify-email`, key the notification. */
export function createNotificationSender(channel: Channel, opts: SenderOptions) {
  const { db } = opts;
  /** Telegram's 429 is for the bot, not one chat: this replica holds every bot message until then. */
  let floodUntil = 0;

  /**
   * A claim can outlive its lease (a slow database, a stalled process): then another replica has the job,
   * and sending too would repeat the message outside the window. So the claim is renewed, fenced by its
   * attempt, right before the call: the call and its record then have a whole lease to themselves.
   */
  const stillOurs = (job: ClaimedJob) => renewClaim(db, job, opts.settings.leaseMs);

  async function handle(job: ClaimedJob): Promise<JobResult> {
    trace(opts.crash, 'claimed', channel, job);
    try {
      return await deliver(job);
    } catch (err) {
      // A failed call or record leaves the window; the engine retries after its backoff. Failed after the
      // call began, it may have reached the channel: that retry can repeat the message (docs/notifications.md).
      windowFailed(opts.crash, `${channel} ${job.key}`);
      trace(opts.crash, `failed (${String((err as Error)?.message ?? err)})`, channel, job);
      throw err;
    }
  }

  async function deliver(job: ClaimedJob): Promise<JobResult> {
    const id = job.key;
    const t = await readTarget(db, id, channel);
    if (!t) return { done: true, error: 'no such notification' };
    if (t.done) return void (await record(db, id, channel, 'sent', null));
    if (t.event === 'security.reset_ended' && t.holdUntil && t.data.holdUntil) {
      // A later reset extended the hold: that hold's own notification tells its end.
      if (t.holdUntil.getTime() > Date.parse(t.data.holdUntil))
        return void (await record(db, id, channel, 'skipped: superseded by a later hold', null));
      const left = t.holdUntil.getTime() - Date.now();
      if (left > 0) return { retryInMs: left };
    }
    const skip = skipReason(channel, t);
    if (skip) return void (await record(db, id, channel, `skipped: ${skip}`, null));
    const message = renderNotification(t.event, t.data, t.language);

    if (channel === 'telegram') {
      if (!opts.bot) return { done: true, error: 'no Bot API configured' };
      const wait = floodUntil - Date.now();
      if (wait > 0) return { retryInMs: wait };
      // Another worker holds the job now: leave it to that one, touching nothing.
      if (!(await stillOurs(job))) return void trace(opts.crash, 'claim lost', channel, job);
      maybeCrash(opts.crash, 'before-send', channel, id);
      windowMark(opts.crash, `${channel} ${id}`, true);
      trace(opts.crash, 'calling', channel, job);
      const answer = await opts.bot.sendMessage({
        chat_id: t.chatId!,
        text: message.text,
        ...(message.button
          ? {
              reply_markup: {
                inline_keyboard: [
                  [
                    {
                      text: message.button.text,
                      web_app: {
                        url: `${opts.publicUrl}/?tgWebAppStartParam=${encodeURIComponent(message.button.startParam)}`,
                      },
                    },
                  ],
                ],
              },
            }
          : {}),
      });
      if (answer.kind === 'flood') {
        windowMark(opts.crash, `${channel} ${id}`, false);
        floodUntil = Date.now() + answer.retryAfterSeconds * 1000;
        return { retryInMs: answer.retryAfterSeconds * 1000, error: `429 retry after ${answer.retryAfterSeconds}` };
      }
      maybeCrash(opts.crash, 'after-send', channel, id);
      if (answer.kind === 'refused') await record(db, id, channel, `refused: ${answer.description}`, null);
      else await record(db, id, channel, 'sent', answer.messageId);
    } else {
      if (!opts.mailer) return { done: true, error: 'no mailer configured' };
      const path = transactionPathOf(t.data);
      const link = path ? `${opts.publicUrl}${path}` : undefined;
      // Another worker holds the job now: leave it to that one, touching nothing.
      if (!(await stillOurs(job))) return void trace(opts.crash, 'claim lost', channel, job);
      maybeCrash(opts.crash, 'before-send', channel, id);
      windowMark(opts.crash, `${channel} ${id}`, true);
      trace(opts.crash, 'calling', channel, job);
      await opts.mailer.send({
        to: t.email!,
        subject: message.subject,
        text: [message.text, ...(link ? ['', link] : [])].join('\n'),
        links: link ? [link] : [],
      });
      maybeCrash(opts.crash, 'after-send', channel, id);
      await record(db, id, channel, 'sent', null);
    }
    windowMark(opts.crash, `${channel} ${id}`, false);
    trace(opts.crash, 'recorded', channel, job);
    maybeCrash(opts.crash, 'after-record', channel, id);
    return undefined;
  }

  return createJobWorker({
    db,
    kind: jobKindOf(channel),
    settings: opts.settings,
    handle,
    ...(opts.log ? { log: opts.log } : {}),
  });
}
