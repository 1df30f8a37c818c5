import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DeviceIdSchema,
  PasscodeRecoveredSchema,
  TelegramLinkCodeSchema,
  TelegramPasscodeRecoverySchema,
} from '../../../contracts/user.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import type { Idp } from '../idp/index.js';
import { bearer, bearerToken, type AuthHook } from '../http/auth.js';
import { controlCharacterError, findControlCharacters } from '../http/controlChars.js';
import { createOnlyLiveCode } from '../users/codes.js';
import { revokeUserGrants } from '../idp/adapter.js';
import type { Mailer } from '../mail/mailer.js';
import { mailOwner, recordSecurityEvent } from '../security/events.js';
import { resetPasscode } from '../passcode/service.js';
import { requireProfile } from '../users/profileRoutes.js';
import { findUserById } from '../users/repository.js';
import { ProfileBody, TokenSetBody, errors } from '../users/schemas.js';
import { InitDataError, verifyInitData, type TelegramUser } from './initData.js';
import { createTelegramLinks, type LinkRequest } from './link.js';
import { relinkAskPage, relinkDonePage, relinkFailedPage, relinkPageLang } from './relinkPage.js';
import { RelinkWithoutProof, consumeLinkCode, findOrCreateTelegramUser, linkedUserOf } from './service.js';

export interface TelegramDeps {
  db: Db;
  config: Config;
  idp: Pick<Idp, 'issueSession' | 'verifySignature'>;
  authenticate: AuthHook;
  mailer: Mailer;
}

const InitData = Type.String({ maxLength: 8192, description: 'Telegram WebApp initData, as received (query string)' });
const PincodeHeader = Type.Object({
  pincode: Type.Optional(Type.String({ maxLength: 64, description: 'The passcode, when the rules ask for it' })),
});
const LinkBody = Type.Object({
  initData: InitData,
  currentInitData: Type.Optional(
    Type.String({
      maxLength: 8192,
      description:
        'Re-link proof: init data of the Telegram user linked now, signed within TELEGRAM_RECOVERY_MAX_AGE_SECONDS',
    }),
  ),
  confirmBy: Type.Optional(
    Type.Literal('email', { description: 'Re-link proof by a confirmation link mailed to the account' }),
  ),
});
/** An HTML answer from a JSON-typed route (the re-link page and its form's outcome). */
const html = (reply: FastifyReply, status: number, page: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
const RelinkRequestedBody = Type.Object({
  confirmation: Type.Literal('email'),
  expiresAt: Type.String({ format: 'date-time' }),
});
const RelinkedBody = Type.Object({
  telegram: Type.Object({ id: Type.Integer(), username: Type.Union([Type.String(), Type.Null()]) }),
});

/** Messenger sign-in, one-time-code linking and link management (spec §7, §8 B2C_USM0022–0027). */
export const telegramRoutes: FastifyPluginAsyncTypebox<TelegramDeps> = async (
  app,
  { db, config, idp, authenticate, mailer },
) => {
  const links = createTelegramLinks({
    db,
    config,
    mailer,
    onMailError: (err) => app.log.error({ err }, 'security mail failed'),
  });
  /** The proof a link request brings: when its session signed in (auth_time), the pincode header, the body's proof fields. */
  const proofOf = async (
    request: { headers: Record<string, unknown> },
    body: { currentInitData?: string; confirmBy?: 'email' } = {},
  ): Promise<LinkRequest> => {
    // The auth hook has checked the token; this reads its claims again (remembered, no second RSA check).
    const claims = await idp.verifySignature?.(bearerToken(request as never)).catch(() => undefined);
    const pincode = typeof request.headers.pincode === 'string' ? request.headers.pincode : undefined;
    return { authTime: claims?.auth_time, pincode, currentInitData: body.currentInitData, confirmBy: body.confirmBy };
  };
  const verify = (initData: string, field = 'initData'): TelegramUser => {
    try {
      const { user } = verifyInitData(initData, config.telegramBotToken);
      // Signed by Telegram, yet still text we store and show: the same rule as every other field.
      const bad = findControlCharacters(user);
      if (bad) throw controlCharacterError(`${field}.user.${bad}`);
      return user;
    } catch (err) {
      if (err instanceof InitDataError)
        throw new DomainError('unauthenticated', 'B2C_USM0022', 'Telegram init data is invalid or expired');
      throw err;
    }
  };
  // The sign-in screens route on the code, so even a surprise must carry a known one.
  const known = async <T>(
    request: { log: { error: (o: object, m: string) => void } },
    run: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      request.log.error({ err }, 'telegram sign-in failed');
      throw new DomainError('failed', 'B2C_USM0027', 'Something went wrong, try again later or contact support');
    }
  };

  app.post(
    '/auth/tg',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Sign in with Telegram init data (creates the user on first use)',
        body: Type.Object({ initData: InitData, deviceId: Type.Optional(DeviceIdSchema) }),
        response: { 200: TokenSetBody, ...errors(400, 401, 500) },
      },
    },
    async (request) =>
      known(request, async () => {
        const tg = verify(request.body.initData);
        const userId = await findOrCreateTelegramUser(db, tg);
        // A sign-in: a device the user has not signed in from is told to the owner (security/devices.ts).
        return idp.issueSession(userId, {
          deviceId: request.body.deviceId,
          userAgent: request.headers['user-agent'],
          via: 'telegram',
        });
      }),
  );

  app.post(
    '/auth/tg/link',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Link the Telegram user to the account that made the one-time code, and sign in',
        body: Type.Object({
          oneTimeCode: Type.String({ maxLength: 256 }),
          tgCode: InitData,
          deviceId: Type.Optional(DeviceIdSchema),
        }),
        response: { 200: TokenSetBody, ...errors(400, 401, 409, 500) },
      },
    },
    async (request) =>
      known(request, async () => {
        const tg = verify(request.body.tgCode, 'tgCode');
        // Code use, link and its security event commit together: a refused link leaves the code usable.
        let owner: string | undefined;
        try {
          await db.transaction(async (tx) => {
            owner = await consumeLinkCode(tx, request.body.oneTimeCode);
            await links.linkByCode(tx, owner, tg);
          });
        } catch (err) {
          // The code was made for a first link; a Telegram account was linked since: no replacing it by code.
          if (err instanceof RelinkWithoutProof && owner) await links.refusedByCode(owner, tg);
          throw err;
        }
        await links.linkedByCode(owner!, tg);
        // The link is told as such; its device is remembered without a second "new sign-in" message.
        return idp.issueSession(owner!, {
          deviceId: request.body.deviceId,
          userAgent: request.headers['user-agent'],
          via: 'telegram',
          quiet: true,
        });
      }),
  );

  app.post(
    '/user/tg/code',
    {
      onRequest: authenticate,
      schema: {
        tags: ['telegram'],
        security: bearer,
        summary: 'One-time code (10 min, single use) for a Telegram deep link',
        description:
          'For a first link only: needs a sign-in within 5 minutes or the passcode in the pincode header (403 PINCODE_REQUIRED, ' +
          'TG_LINK_SIGN_IN_REQUIRED); an account with a linked Telegram gets 403 TG_RELINK_PROOF_REQUIRED (use POST /user/tg/link with proof). ' +
          'A new code retires the older live ones.',
        headers: PincodeHeader,
        response: {
          200: TelegramLinkCodeSchema,
          ...errors(401, 403, 429),
        },
      },
    },
    async (request) => {
      if (!(await findUserById(db, request.userId)))
        throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
      await links.beforeLinkCode(request.userId, await proofOf(request));
      const { code, expiresAt } = await db.transaction((tx) => createOnlyLiveCode(tx, 'tg_link', request.userId));
      return {
        code,
        expiresAt: expiresAt.toISOString(),
        deepLink: `https://t.me/${config.telegramBotName}?startapp=${code}`,
      };
    },
  );

  const linkSchema = (summary: string) => ({
    tags: ['telegram'],
    security: bearer,
    summary,
    description:
      'A first link needs a sign-in within 5 minutes or the passcode (pincode header): 403 PINCODE_REQUIRED / ' +
      'TG_LINK_SIGN_IN_REQUIRED. Replacing a linked Telegram needs the passcode when one is set AND either currentInitData ' +
      '(init data of the linked Telegram, signed within TELEGRAM_RECOVERY_MAX_AGE_SECONDS) — 200, every session ends — or ' +
      'confirmBy "email" — 202, a confirmation link (10 min, works once) is mailed. Otherwise 403 TG_RELINK_PROOF_REQUIRED. ' +
      'Every link, re-link and refusal is recorded and mailed to the owner (docs/security-telegram-link.md).',
    headers: PincodeHeader,
    body: LinkBody,
    response: { 200: ProfileBody, 202: RelinkRequestedBody, ...errors(400, 401, 403, 409, 429, 500) },
  });
  const linkCurrentUser = async (request: FastifyRequest, reply: FastifyReply, body: Static<typeof LinkBody>) => {
    await requireProfile(db, request.userId);
    const tg = verify(body.initData);
    const outcome = await links.link(request.userId, tg, await proofOf(request, body));
    if (outcome.kind === 'confirmation') {
      return reply.code(202).send({ confirmation: 'email' as const, expiresAt: outcome.expiresAt.toISOString() });
    }
    return requireProfile(db, request.userId);
  };

  app.post(
    '/user/tg/link',
    { onRequest: authenticate, schema: linkSchema('Link a Telegram user to the signed-in user') },
    async (request, reply) => linkCurrentUser(request, reply, request.body),
  );
  app.post(
    '/user/tg',
    { onRequest: authenticate, schema: linkSchema('Same as /user/tg/link') },
    async (request, reply) => linkCurrentUser(request, reply, request.body),
  );

  // The mailed re-link confirmation: a page that changes nothing, and its form's POST (JSON callers get JSON).
  const RelinkParams = Type.Object({
    code: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  });
  app.get(
    '/tg/relink/:code',
    {
      schema: {
        tags: ['telegram'],
        summary: 'The mailed Telegram re-link confirmation page (changes nothing; its button posts)',
        params: RelinkParams,
      },
    },
    async (request, reply) => {
      const lang = relinkPageLang(request.headers['accept-language']);
      const pending = await links.pendingRelink(request.params.code);
      if (!pending.ok) return html(reply, 400, relinkFailedPage(lang, pending.error.code));
      const action = `${new URL(config.publicUrl).pathname.replace(/\/$/, '')}${links.relinkPath(request.params.code)}`;
      return html(reply, 200, relinkAskPage(lang, action, pending.tg));
    },
  );
  // The page's form posts no fields: its body is read and ignored (this scope only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  app.post(
    '/tg/relink/:code',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Confirm a mailed Telegram re-link: links the new Telegram account and ends every session',
        description:
          '400 TG_RELINK_CODE_INVALID / TG_RELINK_CODE_EXPIRED / TG_RELINK_CODE_USED; 409 B2C_USM0026. A form post gets an HTML page.',
        params: RelinkParams,
        response: { 200: RelinkedBody, ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const form = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const lang = relinkPageLang(request.headers['accept-language']);
      try {
        const tg = await links.confirmRelink(request.params.code);
        if (form) return html(reply, 200, relinkDonePage(lang, tg));
        return { telegram: { id: tg.id, username: tg.username ?? null } };
      } catch (err) {
        if (!form || !(err instanceof DomainError)) throw err;
        return html(reply, err.kind === 'conflict' ? 409 : 400, relinkFailedPage(lang, err.code));
      }
    },
  );

  app.post(
    '/user/pinCode/recover/tg',
    {
      onRequest: authenticate,
      schema: {
        tags: ['passcode', 'telegram'],
        security: bearer,
        summary:
          'Set a new passcode after proving the linked Telegram account with fresh init data; starts the reset hold',
        description:
          `initData must be signed within TELEGRAM_RECOVERY_MAX_AGE_SECONDS (default 300) and belong to the Telegram user linked to the signed-in user. ` +
          '403 TG_RECOVERY_STALE (older: reopen the Mini App), TG_RECOVERY_INVALID (bad signature, other bot), TG_RECOVERY_NOT_LINKED ' +
          '(another Telegram user, or none linked); 409 PINCODE_NOT_ACTIVE. Money out is held for PASSCODE_RESET_HOLD_HOURS afterwards.',
        body: TelegramPasscodeRecoverySchema,
        response: { 200: PasscodeRecoveredSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      await requireProfile(db, request.userId);
      let tg: TelegramUser;
      try {
        tg = verifyInitData(
          request.body.initData,
          config.telegramBotToken,
          Date.now(),
          config.telegramRecoveryMaxAgeSeconds,
        ).user;
      } catch (err) {
        if (!(err instanceof InitDataError)) throw err;
        if (err.reason === 'expired') {
          throw new DomainError(
            'forbidden',
            'TG_RECOVERY_STALE',
            'The Telegram init data is too old: reopen the Mini App from Telegram and try again',
            { field: 'initData' },
          );
        }
        throw new DomainError('forbidden', 'TG_RECOVERY_INVALID', 'The Telegram init data is not valid', {
          field: 'initData',
        });
      }
      if ((await linkedUserOf(db, tg.id)) !== request.userId) {
        throw new DomainError(
          'forbidden',
          'TG_RECOVERY_NOT_LINKED',
          'This Telegram account is not the one linked to your wallet',
          { field: 'initData' },
        );
      }
      // Like a password reset: every session ends with it (this one too: the Mini App signs in again with
      // its init data), in the same transaction, and the owner is told.
      const until = await resetPasscode(
        db,
        config.passcodePeppers,
        request.userId,
        request.body.pinCode,
        config.passcodeResetHoldMs,
        async (tx) => {
          await revokeUserGrants(tx, request.userId);
          await recordSecurityEvent(tx, request.userId, 'passcode_recovered', { telegramUserId: tg.id });
        },
      );
      await mailOwner(db, mailer, request.userId, 'passcode_recovered', {}, (err) =>
        request.log.error({ err }, 'security mail failed'),
      );
      return { pinCodeActive: true as const, passcodeResetHoldUntil: until.toISOString() };
    },
  );

  app.post(
    '/user/tg/unlink',
    {
      onRequest: authenticate,
      schema: {
        tags: ['telegram'],
        security: bearer,
        summary: 'Remove the Telegram link of the signed-in user',
        body: Type.Optional(Type.Object({})),
        response: { 200: ProfileBody, ...errors(401, 409) },
      },
    },
    async (request) => {
      const user = await findUserById(db, request.userId);
      if (!user) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
      // Without a password the Telegram link is the only way in; removing it would lock the user out.
      if (!user.passwordHash)
        throw new DomainError(
          'conflict',
          'TG_UNLINK_FORBIDDEN',
          'Add an e-mail and password before unlinking Telegram',
        );
      await links.unlink(request.userId);
      return requireProfile(db, request.userId);
    },
  );
};
