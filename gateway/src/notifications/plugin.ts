import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AuthHook } from '../http/auth.js';
import type { Mailer } from '../mail/mailer.js';
import { createBotApi, type BotApi } from './botApi.js';
import { loadNotificationsConfig, type NotificationsConfig } from './config.js';
import { devNotificationRoutes } from './devRoutes.js';
import { notificationRoutes } from './routes.js';
import { SANDBOX_BOT_API_PATH, sandboxBotApiRoutes, type SandboxBotBehaviour } from './sandboxBotApi.js';
import { createNotificationSender } from './sender.js';

export interface NotificationsPluginDeps {
  db: Db;
  config: Config;
  authenticate: AuthHook;
  mailer: Mailer;
  /** Tests: settings instead of the environment's, a Bot API of their own. */
  notifications?: NotificationsConfig;
  bot?: BotApi;
}

/**
 * Notifications (issue 24): the preferences routes, in sandbox the gateway's own Bot API, and the two
 * senders on the job engine (started when the app is ready, stopped on close).
 */
export async function notificationsPlugin(app: FastifyInstance, deps: NotificationsPluginDeps) {
  const { db, config } = deps;
  const settings = deps.notifications ?? config.notifications ?? loadNotificationsConfig(process.env, config);
  await app.register(notificationRoutes, { db, authenticate: deps.authenticate, prefix: '/b2c-user-management' });

  const behaviour: SandboxBotBehaviour = { floodRetryAfter: 0 };
  if (config.sandbox) {
    await app.register(sandboxBotApiRoutes, { db, token: config.telegramBotToken, behaviour });
    await app.register(devNotificationRoutes, { db });
  }

  // In sandbox without TELEGRAM_API_URL the Bot API is this gateway's own route, reached in process
  // (app.inject: the same route, body and answer as over the network, whatever port it listens on).
  const inProcess: typeof fetch = async (url, init) => {
    const res = await app.inject({
      method: 'POST',
      url: new URL(String(url)).pathname,
      headers: { 'content-type': 'application/json' },
      payload: String(init?.body ?? ''),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const bot =
    deps.bot ??
    (settings.telegramApiUrl
      ? createBotApi({
          apiUrl: settings.telegramApiUrl,
          token: config.telegramBotToken,
          timeoutMs: settings.sendTimeoutMs,
        })
      : config.sandbox
        ? createBotApi({
            apiUrl: `http://gateway.invalid${SANDBOX_BOT_API_PATH}`,
            token: config.telegramBotToken,
            timeoutMs: settings.sendTimeoutMs,
            fetch: inProcess,
          })
        : undefined);

  const common = {
    db,
    publicUrl: config.publicUrl,
    log: app.log,
    ...(settings.crash ? { crash: settings.crash } : {}),
  };
  const senders = [
    createNotificationSender('telegram', { ...common, settings: settings.telegram, ...(bot ? { bot } : {}) }),
    createNotificationSender('email', { ...common, settings: settings.email, mailer: deps.mailer }),
  ];
  app.addHook('onReady', async () => senders.forEach((s) => s.start()));
  app.addHook('onClose', async () => {
    await Promise.all(senders.map((s) => s.stop()));
  });
}
