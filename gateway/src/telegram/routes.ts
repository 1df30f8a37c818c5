import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PasscodeRecoveredSchema, TelegramLinkCodeSchema, TelegramPasscodeRecoverySchema } from '../../../contracts/user.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import type { Idp } from '../idp/index.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { controlCharacterError, findControlCharacters } from '../http/controlChars.js';
import { createCode } from '../users/codes.js';
import { resetPasscode } from '../passcode/service.js';
import { requireProfile } from '../users/profileRoutes.js';
import { findUserById } from '../users/repository.js';
import { ProfileBody, TokenSetBody, errors } from '../users/schemas.js';
import { InitDataError, verifyInitData, type TelegramUser } from './initData.js';
import { consumeLinkCode, findOrCreateTelegramUser, linkTelegram, linkedUserOf, unlinkTelegram } from './service.js';

export interface TelegramDeps { db: Db; config: Config; idp: Pick<Idp, 'issueSession'>; authenticate: AuthHook }

const InitData = Type.String({ maxLength: 8192, description: 'Telegram WebApp initData, as received (query string)' });

/** Messenger sign-in, one-time-code linking and link management (spec §7, §8 B2C_USM0022–0027). */
export const telegramRoutes: FastifyPluginAsyncTypebox<TelegramDeps> = async (app, { db, config, idp, authenticate }) => {
  const verify = (initData: string, field = 'initData'): TelegramUser => {
    try {
      const { user } = verifyInitData(initData, config.telegramBotToken);
      // Signed by Telegram, yet still text we store and show: the same rule as every other field.
      const bad = findControlCharacters(user);
      if (bad) throw controlCharacterError(`${field}.user.${bad}`);
      return user;
    } catch (err) {
      if (err instanceof InitDataError) throw new DomainError('unauthenticated', 'B2C_USM0022', 'Telegram init data is invalid or expired');
      throw err;
    }
  };
  // The sign-in screens route on the code, so even a surprise must carry a known one.
  const known = async <T>(request: { log: { error: (o: object, m: string) => void } }, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      request.log.error({ err }, 'telegram sign-in failed');
      throw new DomainError('failed', 'B2C_USM0027', 'Something went wrong, try again later or contact support');
    }
  };

  app.post('/auth/tg', {
    schema: {
      tags: ['telegram'], summary: 'Sign in with Telegram init data (creates the user on first use)',
      body: Type.Object({ initData: InitData }),
      response: { 200: TokenSetBody, ...errors(400, 401, 500) },
    },
  }, async (request) => known(request, async () => {
    const tg = verify(request.body.initData);
    const userId = await findOrCreateTelegramUser(db, tg);
    return idp.issueSession(userId);
  }));

  app.post('/auth/tg/link', {
    schema: {
      tags: ['telegram'], summary: 'Link the Telegram user to the account that made the one-time code, and sign in',
      body: Type.Object({ oneTimeCode: Type.String({ maxLength: 256 }), tgCode: InitData }),
      response: { 200: TokenSetBody, ...errors(400, 401, 409, 500) },
    },
  }, async (request) => known(request, async () => {
    const tg = verify(request.body.tgCode, 'tgCode');
    // Code use and link commit together: a refused link leaves the code usable.
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeLinkCode(tx, request.body.oneTimeCode);
      await linkTelegram(tx, owner, tg);
      return owner;
    });
    return idp.issueSession(userId);
  }));

  app.post('/user/tg/code', {
    onRequest: authenticate,
    schema: {
      tags: ['telegram'], security: bearer, summary: 'One-time code (10 min, single use) for a Telegram deep link',
      response: {
        200: TelegramLinkCodeSchema,
        ...errors(401),
      },
    },
  }, async (request) => {
    if (!(await findUserById(db, request.userId))) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
    const { code, expiresAt } = await createCode(db, 'tg_link', request.userId);
    return { code, expiresAt: expiresAt.toISOString(), deepLink: `https://t.me/${config.telegramBotName}?startapp=${code}` };
  });

  const linkCurrentUser = async (userId: string, initData: string) => {
    await requireProfile(db, userId);
    const tg = verify(initData);
    await db.transaction((tx) => linkTelegram(tx, userId, tg));
    return requireProfile(db, userId);
  };
  const linkSchema = (summary: string) => ({
    tags: ['telegram'], security: bearer, summary,
    body: Type.Object({ initData: InitData }),
    response: { 200: ProfileBody, ...errors(400, 401, 409) },
  });

  app.post('/user/tg/link', { onRequest: authenticate, schema: linkSchema('Link a Telegram user to the signed-in user') },
    async (request) => linkCurrentUser(request.userId, request.body.initData));
  app.post('/user/tg', { onRequest: authenticate, schema: linkSchema('Same as /user/tg/link') },
    async (request) => linkCurrentUser(request.userId, request.body.initData));

  /**
   * A Telegram user's way out of a passcode block (the mail reset needs an e-mail they may not have).
   * Proof of who is asking is fresh init data: Telegram signs it each time the Mini App opens, so a stolen
   * bearer token or an old init data string found in a log is not enough. Refusals are 403, never 401:
   * a 401 would send the app into re-authentication and sign it out.
   */
  app.post('/user/pinCode/recover/tg', {
    onRequest: authenticate,
    schema: {
      tags: ['passcode', 'telegram'], security: bearer,
      summary: 'Set a new passcode after proving the linked Telegram account with fresh init data; starts the reset hold',
      description: `initData must be signed within TELEGRAM_RECOVERY_MAX_AGE_SECONDS (default 300) and belong to the Telegram user linked to the signed-in user. `
        + '403 TG_RECOVERY_STALE (older: reopen the Mini App), TG_RECOVERY_INVALID (bad signature, other bot), TG_RECOVERY_NOT_LINKED '
        + '(another Telegram user, or none linked); 409 PINCODE_NOT_ACTIVE. Money out is held for PASSCODE_RESET_HOLD_HOURS afterwards.',
      body: TelegramPasscodeRecoverySchema,
      response: { 200: PasscodeRecoveredSchema, ...errors(400, 401, 403, 409) },
    },
  }, async (request) => {
    await requireProfile(db, request.userId);
    let tg: TelegramUser;
    try {
      tg = verifyInitData(request.body.initData, config.telegramBotToken, Date.now(), config.telegramRecoveryMaxAgeSeconds).user;
    } catch (err) {
      if (!(err instanceof InitDataError)) throw err;
      if (err.reason === 'expired') {
        throw new DomainError('forbidden', 'TG_RECOVERY_STALE', 'The Telegram init data is too old: reopen the Mini App from Telegram and try again', { field: 'initData' });
      }
      throw new DomainError('forbidden', 'TG_RECOVERY_INVALID', 'The Telegram init data is not valid', { field: 'initData' });
    }
    if ((await linkedUserOf(db, tg.id)) !== request.userId) {
      throw new DomainError('forbidden', 'TG_RECOVERY_NOT_LINKED', 'This Telegram account is not the one linked to your wallet', { field: 'initData' });
    }
    const until = await resetPasscode(db, request.userId, request.body.pinCode, config.passcodeResetHoldMs);
    return { pinCodeActive: true as const, passcodeResetHoldUntil: until.toISOString() };
  });

  app.post('/user/tg/unlink', {
    onRequest: authenticate,
    schema: {
      tags: ['telegram'], security: bearer, summary: 'Remove the Telegram link of the signed-in user',
      body: Type.Optional(Type.Object({})),
      response: { 200: ProfileBody, ...errors(401, 409) },
    },
  }, async (request) => {
    const user = await findUserById(db, request.userId);
    if (!user) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
    // Without a password the Telegram link is the only way in; removing it would lock the user out.
    if (!user.passwordHash) throw new DomainError('conflict', 'TG_UNLINK_FORBIDDEN', 'Add an e-mail and password before unlinking Telegram');
    await unlinkTelegram(db, request.userId);
    return requireProfile(db, request.userId);
  });
};
