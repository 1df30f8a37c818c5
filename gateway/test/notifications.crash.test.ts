import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { renderNotification } from '../src/notifications/messages.js';
import { enqueueNotification } from '../src/notifications/outbox.js';
import { sandboxBotApiRoutes } from '../src/notifications/sandboxBotApi.js';
import { crashDatabase } from './withdraw-process.js';

/**
 * 200 events, two replicas' senders, kill -9s: some by the senders themselves inside the window
 * (NOTIFY_CRASH_POINTS=after-send), some by the test at random moments. Every message arrives (by
 * Telegram and by e-mail); a message arrives twice only if a kill found its delivery inside the
 * window (the Bot API call or the mail, and the one statement recording it) or if its call failed after it
 * began (a timeout: the channel may have taken it), which each replica writes to its window file as it goes. Several processes share one database: PostgreSQL only.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = '123456:notify-crash-test';
const EVENTS = 200;
const USERS = 20;
const EXTERNAL_KILLS = 4;

const pgOnly = !process.env.DATABASE_URL;

describe.skipIf(pgOnly)('notifications: two replicas, kill -9 (PostgreSQL)', () => {
  const crashDb = crashDatabase('notify');
  let database: Database;
  let bot: FastifyInstance;
  let botUrl = '';
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-notify-'));
  // The replica bundled once (its own modules; the packages left to node_modules) and run by plain node: each
  // of its 11 to 19 starts a run (four runs) compiled the same sources again through tsx, on the cores the other
  // replica needs (about 1 CPU-s a start). Under gateway/dist, so its database module finds gateway/migrations
  // above it as it does from the sources.
  const replica = path.join(repoRoot, `gateway/dist/test/notifications-replica-${process.pid}.mjs`);

  beforeAll(async () => {
    await build({
      entryPoints: [path.join(repoRoot, 'gateway/test/notifications-replica.ts')],
      outfile: replica,
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
    const env = await crashDb.prepare();
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: scratch, poolSize: 4 });
    bot = Fastify();
    await bot.register(sandboxBotApiRoutes, { db: database.db, token: TOKEN, behaviour: { floodRetryAfter: 0 } });
    botUrl = `${await bot.listen({ port: 0, host: '127.0.0.1' })}/dev/telegram/bot-api`;
  }, 60_000);

  afterAll(async () => {
    await bot?.close();
    await database?.close();
    await crashDb.drop();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(replica, { force: true });
  });

  it('delivers all 200 by bot and by e-mail; repeats only from kills or failed calls inside the window', async () => {
    const db = database.db;
    const expected = new Map<string, { id: string; chatId: number; email: string }>();
    for (let u = 0; u < USERS; u += 1) {
      const email = `notify${u}@example.com`;
      const { rows } = (await db.execute(sql`insert into users (email) values (${email}) returning id`)) as unknown as {
        rows: { id: string }[];
      };
      const userId = rows[0]!.id;
      const chatId = 900_000_000 + u;
      await db.execute(sql`insert into telegram_links (telegram_user_id, user_id) values (${chatId}, ${userId}::uuid)`);
      await db.execute(
        sql`insert into notification_preferences (user_id, telegram, telegram_chat_id) values (${userId}::uuid, true, ${chatId})`,
      );
      await db.transaction(async (tx) => {
        for (let i = u; i < EVENTS; i += USERS) {
          const data = { currency: 'BTC', amountMinor: String(1_000_000 + i) };
          await enqueueNotification(tx, { userId, event: 'deposit.credited', ref: `crash-${i}`, data });
          expected.set(renderNotification('deposit.credited', data, 'ENG').text, { id: `crash-${i}`, chatId, email });
        }
      });
    }
    const ids = new Map<string, string>(); // ref → notification id
    for (const r of (
      (await db.execute(sql`select id, ref from notifications`)) as unknown as { rows: { id: string; ref: string }[] }
    ).rows)
      ids.set(r.ref, r.id);

    // Two replicas; each death (its own or ours) is read from its window file, then it starts again.
    let started = 0;
    const windowKills: string[] = [];
    const selfKills: string[] = [];
    const crashLog = path.join(scratch, 'crashes.log');
    const traceLog = path.join(scratch, 'trace.log');
    const live = new Set<{ proc: ChildProcess; windowFile: string; done: Promise<void> }>();
    const start = () => {
      started += 1;
      const windowFile = path.join(scratch, `window-${started}.txt`);
      const proc = spawn(process.execPath, [replica], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: crashDb.url!,
          TELEGRAM_API_URL: botUrl,
          TELEGRAM_BOT_TOKEN: TOKEN,
          NOTIFY_POLL_MS: '20',
          // The send's timeout plus nine seconds for its record. With three, a replica starved of CPU while
          // the other one restarted (then through tsx, compiling it on 2 cores) outlived its lease between its call and its
          // record, and the other replica sent the message again with no kill: 1 run in 3, idle, 2026-12-07.
          NOTIFY_LEASE_MS: '10000',
          NOTIFY_SEND_TIMEOUT_MS: '1000',
          NOTIFY_BATCH: '5',
          NOTIFY_CRASH_POINTS: 'after-send',
          NOTIFY_CRASH_RATE: '0.015',
          NOTIFY_CRASH_LOG: crashLog,
          NOTIFY_WINDOW_FILE: windowFile,
          NOTIFY_TRACE_FILE: traceLog,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const entry = {
        proc,
        windowFile,
        done: new Promise<void>((resolve) => proc.once('exit', () => resolve())),
      };
      live.add(entry);
      void entry.done.then(() => {
        live.delete(entry);
        if (existsSync(windowFile)) windowKills.push(...readFileSync(windowFile, 'utf8').split('\n').filter(Boolean));
        if (!finished) start();
      });
    };
    let finished = false;
    const remaining = async () =>
      Number(
        (
          (await db.execute(
            sql`select count(*)::int as n from notifications where telegram_done_at is null or email_done_at is null`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );

    const began = Date.now();
    start();
    start();
    let externalKills = 0;
    let nextKill = Date.now() + 1500;
    while ((await remaining()) > 0) {
      expect(Date.now() - began, 'everything delivered within 90 s').toBeLessThan(90_000);
      if (externalKills < EXTERNAL_KILLS && Date.now() > nextKill && live.size > 0) {
        const victims = [...live];
        victims[Math.floor(Math.random() * victims.length)]!.proc.kill('SIGKILL');
        externalKills += 1;
        nextKill = Date.now() + 800 + Math.random() * 1200;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    finished = true;
    for (const r of [...live]) {
      r.proc.kill('SIGTERM');
      await r.done;
    }
    if (existsSync(crashLog)) selfKills.push(...readFileSync(crashLog, 'utf8').split('\n').filter(Boolean));

    // What arrived, per message.
    const sent = (
      (await db.execute(sql`select chat_id, text from sandbox_telegram_messages`)) as unknown as {
        rows: { chat_id: string; text: string }[];
      }
    ).rows;
    const mailed = (
      (await db.execute(sql`select "to", text from mail_outbox`)) as unknown as { rows: { to: string; text: string }[] }
    ).rows;
    const count = (texts: string[]) => texts.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
    const bySent = count(sent.map((r) => r.text));
    const byMail = count(mailed.map((r) => r.text));
    const inWindow = new Set(windowKills);
    // A repeat is explained by a kill inside its window, or by a call that failed after it began (a timeout:
    // the channel may have taken it), which the replica keeps as `ambiguous <channel> <id>`.
    const explained = (entry: string) => inWindow.has(entry) || inWindow.has(`ambiguous ${entry}`);
    // What the replicas did with one notification, step by step: printed with an unexplained repeat.
    const steps = (channel: string, notification: string) =>
      (existsSync(traceLog) ? readFileSync(traceLog, 'utf8') : '')
        .split('\n')
        .filter((l) => l.includes(` ${channel} ${notification} `))
        .join('\n');
    const repeats = { telegram: 0, email: 0 };
    for (const [text, { id, chatId, email }] of expected) {
      const notification = ids.get(id)!;
      const tg = bySent.get(text) ?? 0;
      const em = byMail.get(text) ?? 0;
      expect(tg, `bot message for ${id}`).toBeGreaterThanOrEqual(1);
      expect(em, `e-mail for ${id}`).toBeGreaterThanOrEqual(1);
      if (tg > 1) {
        repeats.telegram += tg - 1;
        expect(
          explained(`telegram ${notification}`),
          `telegram repeat of ${id} without a kill or failed call in its window:\n${steps('telegram', notification)}`,
        ).toBe(true);
      }
      if (em > 1) {
        repeats.email += em - 1;
        expect(
          explained(`email ${notification}`),
          `e-mail repeat of ${id} without a kill or failed call in its window:\n${steps('email', notification)}`,
        ).toBe(true);
      }
      expect(sent.filter((r) => r.text === text).every((r) => Number(r.chat_id) === chatId)).toBe(true);
      expect(mailed.filter((r) => r.text === text).every((r) => r.to === email)).toBe(true);
    }
    expect(sent.length).toBe(EVENTS + repeats.telegram);
    expect(mailed.length).toBe(EVENTS + repeats.email);
    // Every self-kill at after-send is inside the window by construction: its message repeats.
    const selfInWindow = selfKills.filter((l) => l.startsWith('after-send')).length;
    expect(repeats.telegram + repeats.email).toBeGreaterThanOrEqual(selfInWindow);
    expect(repeats.telegram + repeats.email).toBeLessThanOrEqual(windowKills.length);
    console.log(
      `[notify-crash] ${EVENTS} events × 2 channels in ${Date.now() - began} ms; replica starts ${started}; ` +
        `kills: ${selfKills.length} by the senders at after-send, ${externalKills} by the test; ` +
        `deliveries inside the window at a kill: ${windowKills.filter((w) => !w.startsWith('ambiguous')).length}; ` +
        `calls failed inside it (timeouts): ${windowKills.filter((w) => w.startsWith('ambiguous')).length}; ` +
        `repeats: telegram ${repeats.telegram}, e-mail ${repeats.email}; lost: 0`,
    );
  }, 120_000);
});
