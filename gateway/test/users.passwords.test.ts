import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../src/users/passwords.js';
import { createTestApp } from './support/app.js';
import { signUp } from './support/flows.js';

describe('password hashes', () => {
  it('use scrypt at N = 2^14 by default, and each hash names the N it was made with', async () => {
    const production = await hashPassword('correct horse');
    expect(production).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('correct horse', production)).toBe(true);
    expect(await verifyPassword('correct horsE', production)).toBe(false);
    const cheap = await hashPassword('correct horse', 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyAgainstDummy('correct horse', 10)).toBe(false);
  });

  it('a hash stored at one cost still logs in after the cost changes', async () => {
    const t = await createTestApp({ env: { PASSWORD_HASH_COST: '11' } });
    try {
      const user = await signUp(t, 'cost@example.com');
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.passwordHash).toMatch(/^scrypt\$2048\$/);
      // The same user, hashed at the production cost, is checked with the N the hash names.
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword('correct horse'), emailConfirmed: true })
        .where(eq(users.id, user.id));
      expect(await t.app.users.checkPassword('cost@example.com', 'correct horse')).toMatchObject({ ok: true });
      expect(await t.app.users.checkPassword('cost@example.com', 'wrong horse')).toMatchObject({ ok: false });
    } finally {
      await t.close();
    }
  });
});
