import type { IdpFactory } from '../../src/app.js';
import type { TokenSet } from '../../src/idp/index.js';

/**
 * Stand-in identity provider for tests that should not depend on oidc-provider: tokens are
 * opaque `fake.<userId>.<n>` strings. Only used where a test asks for it explicitly.
 */
export const createFakeIdp: IdpFactory = async ({ config }) => {
  let n = 0;
  return {
    issuer: `${config.publicUrl}/realms/${config.realm}`,
    async verifyAccessToken(token: string) {
      const m = /^fake\.([0-9a-f-]{36})\.\d+$/.exec(token);
      if (!m) throw new Error('invalid token');
      return { sub: m[1]! };
    },
    async issueSession(userId: string): Promise<TokenSet> {
      n += 1;
      return {
        access_token: `fake.${userId}.${n}`,
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: `fake-refresh.${userId}.${n}`,
        id_token: `fake-id.${userId}.${n}`,
        scope: 'openid',
      };
    },
    async register() {},
  };
};
