// A replica's notification senders as a process of its own, for notifications.crash.test.ts: the
// gateway's own sender code (notifications/sender.ts on the job engine, the Bot API client over HTTP,
// the outbox mailer) on the shared PostgreSQL database, without the rest of the gateway's start-up,
// so a kill -9 and restart costs a second, not the whole gateway's boot.
import { openDatabase } from '../src/db/client.js';
import { createOutboxMailer } from '../src/mail/mailer.js';
import { createBotApi } from '../src/notifications/botApi.js';
import { loadNotificationsConfig } from '../src/notifications/config.js';
import { createNotificationSender } from '../src/notifications/sender.js';

const settings = loadNotificationsConfig(process.env, { sandbox: true, production: false });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/nonexistent', poolSize: 4 });
const bot = createBotApi({
  apiUrl: settings.telegramApiUrl!,
  token: process.env.TELEGRAM_BOT_TOKEN!,
  timeoutMs: settings.sendTimeoutMs,
});
const common = {
  db: database.db,
  publicUrl: 'http://wallet.test',
  ...(settings.crash ? { crash: settings.crash } : {}),
};
const senders = [
  createNotificationSender('telegram', { ...common, settings: settings.telegram, bot }),
  createNotificationSender('email', { ...common, settings: settings.email, mailer: createOutboxMailer(database.db) }),
];
for (const s of senders) s.start();
process.stdout.write('replica ready\n');
process.on('SIGTERM', () => {
  void Promise.all(senders.map((s) => s.stop())).then(() => database.close().then(() => process.exit(0)));
});
