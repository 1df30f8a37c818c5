import { sign } from '@telegram-apps/init-data-node';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';

/** Sandbox only: init data signed with the gateway's bot token, as Telegram would send it. */
export const devTelegramRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/dev/telegram/init-data',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sign Telegram init data with the sandbox bot token',
        body: Type.Object({
          user: Type.Object({
            id: Type.Integer({ minimum: 1 }),
            first_name: Type.String({ minLength: 1 }),
            last_name: Type.Optional(Type.String()),
            username: Type.Optional(Type.String()),
            language_code: Type.Optional(Type.String()),
          }),
          auth_date: Type.Optional(Type.Integer({ minimum: 1, description: 'Unix seconds; default now' })),
          start_param: Type.Optional(Type.String()),
        }),
        response: { 200: Type.Object({ initData: Type.String() }) },
      },
    },
    async (request) => {
      const { user, auth_date, start_param } = request.body;
      const authDate = auth_date ? new Date(auth_date * 1000) : new Date();
      const initData = sign({ user, ...(start_param ? { start_param } : {}) }, config.telegramBotToken, authDate);
      return { initData };
    },
  );
};
