import type { Db } from '../db/client.js';
import type { UserCredentials } from '../idp/index.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { findUserByEmail, findUserById } from './repository.js';
import { eq } from 'drizzle-orm';
import { telegramLinks } from '../db/schema/index.js';

/** What the IdP asks of the user store: password check for the password grant, and ID-token claims. */
export function createUserCredentials(db: Db, passwordHashCost?: number): UserCredentials {
  return {
    async checkPassword(email, password) {
      const user = await findUserByEmail(db, email);
      if (!user?.passwordHash) {
        await verifyAgainstDummy(password, passwordHashCost);
        return { ok: false, reason: 'invalid' };
      }
      if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: 'invalid' };
      // Only told after the password matched, so "unconfirmed" never reveals that an e-mail exists.
      if (!user.emailConfirmed) return { ok: false, reason: 'unconfirmed' };
      return { ok: true, userId: user.id };
    },
    async getClaims(userId) {
      const user = await findUserById(db, userId);
      if (!user) return undefined;
      const [link] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      const handle = user.email ?? (link ? (link.username ?? `tg${link.telegramUserId}`) : user.id);
      return {
        ...(user.email ? { email: user.email, email_verified: user.emailConfirmed } : {}),
        preferred_username: handle,
        name: link?.username ?? user.email ?? handle,
      };
    },
  };
}
