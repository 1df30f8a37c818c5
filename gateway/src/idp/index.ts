import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { RateLimiter } from '../http/rateLimit.js';
import { createAdapter, purgeExpired } from './adapter.js';
import { DEFAULT_SCOPE, ROUTES, SESSION_GRANT } from './constants.js';
import { registerGrants, SessionTickets, type SignInRecorder } from './grants.js';
import { recordSignIn, type SignInDevice } from '../security/devices.js';
import { createInteractionHandler } from './interaction.js';
import { loadKeys } from './keys.js';
import { createDispatcher, mountOnFastify } from './mount.js';
import { createProvider } from './provider.js';
import { createRevocationHandler } from './revoke.js';
import { createUserinfoHandler } from './userinfo.js';
import type { UserCredentials } from './userCredentials.js';
import { createTokenVerifier, InvalidAccessToken, isTokenLive, type AccessTokenClaims } from './verify.js';

export { API_RESOURCE, ROUTES } from './constants.js';
export { InvalidAccessToken, type AccessTokenClaims } from './verify.js';
export type { UserCredentials } from './userCredentials.js';

export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  id_token: string;
  scope: string;
}

export interface Idp {
  issuer: string;
  verifyAccessToken(token: string): Promise<{ sub: string }>;
  /**
   * The signature, issuer, audience and expiry only, NOT whether the token is still live: for a
   * caller that reads `livenessColumns` (./verify.ts) in its own statement and judges the row with
   * `isLiveRow`, so the bearer check shares a round trip with the request's first read
   * (http/account.ts). Optional: a stand-in IdP without it gets the two-step check.
   */
  verifySignature?(token: string): Promise<AccessTokenClaims>;
  /**
   * A session for a user the gateway authenticated itself (Telegram). With `device`, it is a sign-in: the
   * device is recorded and a new one told to the owner (security/devices.ts); without, a session for a user
   * who is signed in already (tests, internal calls).
   */
  issueSession(userId: string, device?: SignInDevice): Promise<TokenSet>;
  register(app: FastifyInstance): Promise<void>;
}

export async function createIdp(opts: {
  db: Db;
  config: Config;
  users: UserCredentials;
  limiter?: RateLimiter;
}): Promise<Idp> {
  const { db, config, users, limiter } = opts;
  const issuer = `${config.publicUrl}/realms/${config.realm}`;
  const mountPath = new URL(issuer).pathname;
  const allowedOrigins = new Set(config.allowedOrigins);

  await purgeExpired(db);
  const keys = await loadKeys(db, config.idpKeyEncryptionKey);
  const provider = createProvider({ issuer, config, users, keys, adapter: createAdapter(db) });
  const tickets = new SessionTickets();
  const signIns: SignInRecorder = (userId, device) => recordSignIn(db, userId, device);
  registerGrants(provider, { config, users, tickets, recordSignIn: signIns, ...(limiter ? { limiter } : {}) });

  const verifySignature = createTokenVerifier({ issuer, publicJwks: keys.publicJwks });
  async function verifyAccessToken(token: string) {
    const claims = await verifySignature(token);
    if (!(await isTokenLive(db, claims))) throw new InvalidAccessToken('token has been revoked');
    return claims;
  }

  let app: FastifyInstance | undefined;
  const log = (err: unknown) => (app ? app.log.error({ err }, 'identity provider error') : console.error(err));
  const dispatch = createDispatcher({
    issuer,
    provider,
    allowedOrigins,
    userinfo: createUserinfoHandler({ allowedOrigins, verify: verifyAccessToken, users, issuer }),
    revoke: createRevocationHandler({ db, provider, clientId: config.clientId, allowedOrigins, verifySignature }),
    interaction: createInteractionHandler({
      provider,
      users,
      mountPath,
      appOrigins: config.allowedOrigins,
      recordSignIn: signIns,
      ...(limiter ? { limiter } : {}),
    }),
    log,
  });
  provider.on('server_error', (_ctx, err) => log(err));
  // Spent codes, sessions and tokens past their expiry are never read again; unref'd so an idle
  // timer never keeps the process alive.
  setInterval(() => void purgeExpired(db).catch(log), 3_600_000).unref();

  return {
    issuer,
    async verifyAccessToken(token) {
      const { sub } = await verifyAccessToken(token);
      return { sub };
    },
    verifySignature,
    // Goes through the token endpoint (in-process) so the result is byte-for-byte what the
    // password grant returns, refresh token included.
    async issueSession(userId, device) {
      if (!app) throw new Error('identity provider is not registered on the app yet');
      const response = await app.inject({
        method: 'POST',
        url: `${mountPath}${ROUTES.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: SESSION_GRANT,
          client_id: config.clientId,
          ticket: tickets.issue(userId, device),
          scope: DEFAULT_SCOPE,
        }).toString(),
      });
      if (response.statusCode !== 200) {
        throw new Error(`could not issue a session (${response.statusCode}): ${response.body}`);
      }
      return response.json() as TokenSet;
    },
    async register(fastify) {
      app = fastify;
      mountOnFastify(fastify, issuer, dispatch);
    },
  };
}
