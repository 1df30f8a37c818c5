import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DomainError, invalid } from '../domain/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { confirmationMail, passwordResetMail } from '../mail/templates.js';
import { codeStatus, consumeCode, createCode, retireCodes } from './codes.js';
import { clearPasscodeOnPasswordReset } from '../passcode/service.js';
import { revokeUserGrants } from '../idp/adapter.js';
import { mailOwner, recordSecurityEvent } from '../security/events.js';
import { hashPassword } from './passwords.js';
import { findUserByEmail, insertEmailUser } from './repository.js';
import { Code, Email, Empty, Password, errors } from './schemas.js';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';

export interface UserDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** Public sign-up, e-mail confirmation and password recovery (spec §7 user management). */
export const accountRoutes: FastifyPluginAsyncTypebox<UserDeps> = async (app, { db, config, mailer }) => {
  // Mail goes out after commit: a rolled-back sign-up must not have sent a link.
  const deliver = async (send: () => Promise<void>) => {
    try {
      await send();
    } catch (err) {
      app.log.error({ err }, 'mail delivery failed');
    }
  };

  app.post(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up with e-mail and password',
        body: Type.Object({
          email: Email,
          password: Password,
          accountName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        }),
        response: { 201: Type.Object({ id: Type.String(), email: Type.String() }), ...errors(400, 409) },
      },
    },
    async (request, reply) => {
      const { email, password, accountName = 'Account' } = request.body;
      const passwordHash = await hashPassword(password, config.passwordHashCost);
      const result = await db.transaction(async (tx) => {
        const user = await insertEmailUser(tx, { email, passwordHash, accountName });
        if (!user)
          throw new DomainError('conflict', 'EMAIL_TAKEN', 'An account with this e-mail already exists', {
            field: 'email',
          });
        const { code } = await createCode(tx, 'email_confirm', user.id);
        return { user, code };
      });
      await deliver(() => mailer.send(confirmationMail(result.user.email, config.publicUrl, result.code)));
      return reply.status(201).send(result.user);
    },
  );

  app.post(
    '/confirmation/confirm',
    {
      schema: {
        tags: ['users'],
        summary: 'Confirm an e-mail address with the code from the mail',
        body: Type.Object({ confirmationCode: Code }),
        response: { 200: Empty, ...errors(400) },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const userId = await consumeCode(tx, 'email_confirm', request.body.confirmationCode);
        if (!userId)
          throw invalid(
            'CONFIRMATION_CODE_INVALID',
            "Confirmation code doesn't exist, was used or has expired",
            'confirmationCode',
          );
        await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
      });
      return {};
    },
  );

  app.post(
    '/password-reset',
    {
      schema: {
        tags: ['users'],
        summary: 'Mail a password reset link (same answer whether or not the e-mail is known)',
        body: Type.Object({ email: Email }),
        response: { 200: Empty, ...errors(400) },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user?.email) {
        const { code } = await createCode(db, 'password_reset', user.id);
        await deliver(() => mailer.send(passwordResetMail(user.email!, config.publicUrl, code)));
      }
      return {};
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['users'],
        summary: 'Set a new password with the code from the reset mail',
        body: Type.Object({ password: Password, confirmationCode: Code }),
        response: { 200: Empty, ...errors(400) },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password, config.passwordHashCost);
      const resetUser = await db.transaction(async (tx) => {
        const userId = await consumeCode(tx, 'password_reset', request.body.confirmationCode);
        if (!userId) {
          const status = await codeStatus(tx, 'password_reset', request.body.confirmationCode);
          throw invalid(
            'RESET_CODE_INVALID',
            `Reset code is ${status === 'valid' ? 'invalid' : status}`,
            'confirmationCode',
          );
        }
        // Reaching the mailbox proves ownership, so the reset confirms the e-mail too.
        await tx.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, userId));
        // The only way out of a passcode block (spec §8 B2C_USM0032): the reset removes the passcode.
        await clearPasscodeOnPasswordReset(tx, userId, config.passcodeResetHoldMs);
        // Whoever held a session before the reset (perhaps the reason for it) holds nothing after it.
        await revokeUserGrants(tx, userId);
        await recordSecurityEvent(tx, userId, 'password_reset');
        await retireCodes(tx, 'password_reset', userId);
        return userId;
      });
      await mailOwner(db, mailer, resetUser, 'password_reset', {}, (err) =>
        request.log.error({ err }, 'security mail failed'),
      );
      return {};
    },
  );
};
