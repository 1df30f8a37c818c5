import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sandboxTelegramMessages } from '../db/schema/index.js';

/** Where the sandbox Bot API is served: TELEGRAM_API_URL defaults to this path on the gateway. */
export const SANDBOX_BOT_API_PATH = '/dev/telegram/bot-api';

/** The switch of POST /dev/telegram/bot/behaviour: every replica reads the same (a row would be better; one process is the sandbox's norm). */
export interface SandboxBotBehaviour {
  /** Answer sendMessage with 429 and this retry_after (seconds), or 0 for normal answers. */
  floodRetryAfter: number;
}

const Button = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 64 }),
  web_app: Type.Optional(Type.Object({ url: Type.String({ minLength: 1 }) })),
  url: Type.Optional(Type.String({ minLength: 1 })),
});
const SendMessage = Type.Object(
  {
    chat_id: Type.Union([Type.Integer(), Type.String()]),
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    reply_markup: Type.Optional(Type.Object({ inline_keyboard: Type.Array(Type.Array(Button)) })),
  },
  { additionalProperties: true },
);

/**
 * Sandbox only: the gateway's own Telegram Bot API for `sendMessage`, with the real shapes (ok/result,
 * ok:false/error_code/description/parameters.retry_after), the messages kept in a table so every
 * replica and the harness see them, and the dev routes to read them and to switch on flood control.
 */
export const sandboxBotApiRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  token: string;
  behaviour: SandboxBotBehaviour;
}> = async (app, { db, token, behaviour }) => {
  const hidden = { tags: ['dev'], hide: true };
  app.post(
    `${SANDBOX_BOT_API_PATH}/bot:token/sendMessage`,
    { schema: { ...hidden, summary: 'Sandbox Bot API sendMessage', body: SendMessage } },
    async (request, reply) => {
      if ((request.params as { token: string }).token !== token)
        return reply.code(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
      if (behaviour.floodRetryAfter > 0)
        return reply.code(429).send({
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${behaviour.floodRetryAfter}`,
          parameters: { retry_after: behaviour.floodRetryAfter },
        });
      const body = request.body;
      const chatId = Number(body.chat_id);
      if (!Number.isSafeInteger(chatId))
        return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: chat not found' });
      const [row] = await db
        .insert(sandboxTelegramMessages)
        .values({ chatId, text: body.text, replyMarkup: body.reply_markup ?? null })
        .returning();
      return {
        ok: true,
        result: {
          message_id: row!.messageId,
          date: Math.floor(row!.createdAt.getTime() / 1000),
          chat: { id: chatId, type: 'private' },
          text: row!.text,
          ...(row!.replyMarkup ? { reply_markup: row!.replyMarkup } : {}),
        },
      };
    },
  );

  app.get(
    '/dev/telegram/bot/messages',
    {
      schema: {
        tags: ['dev'],
        summary: "The sandbox bot's messages to a chat, newest first",
        querystring: Type.Object({ chat_id: Type.Integer() }),
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(sandboxTelegramMessages)
        .where(eq(sandboxTelegramMessages.chatId, request.query.chat_id))
        .orderBy(desc(sandboxTelegramMessages.messageId))
        .limit(200);
      return rows.map((r) => ({
        message_id: r.messageId,
        chat_id: r.chatId,
        date: Math.floor(r.createdAt.getTime() / 1000),
        text: r.text,
        reply_markup: r.replyMarkup,
      }));
    },
  );

  app.post(
    '/dev/telegram/bot/behaviour',
    {
      schema: {
        tags: ['dev'],
        summary: 'Make the sandbox Bot API answer 429 with retry_after (0: normal)',
        body: Type.Object({ floodRetryAfter: Type.Integer({ minimum: 0, maximum: 3600 }) }),
      },
    },
    async (request) => {
      behaviour.floodRetryAfter = request.body.floodRetryAfter;
      return { ...behaviour };
    },
  );
};
