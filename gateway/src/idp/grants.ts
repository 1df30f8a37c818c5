import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { errors, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Config } from '../config.js';
import { DomainError } from '../domain/errors.js';
import type { RateLimiter } from '../http/rateLimit.js';
import { clientAddressOf } from './mount.js';
import { hasControlCharacters } from '../http/controlChars.js';
import { API_RESOURCE, DEFAULT_SCOPE, SCOPES, SESSION_GRANT } from './constants.js';
import type { UserCredentials } from './userCredentials.js';
import { isDeviceId, type SignInDevice } from '../security/devices.js';
import { findAccount, resourceServerInfo } from './provider.js';

const TICKET_TTL_MS = 30_000;

/** Records a sign-in's device (security/devices.ts recordSignIn) before its tokens are issued. */
export type SignInRecorder = (userId: string, device: SignInDevice) => Promise<unknown>;

type Ticket = { userId: string; device?: SignInDevice | undefined };

/**
 * One-time, short-lived proofs that the gateway itself authenticated a user (Telegram sign-in), with the
 * device the sign-in came from when it was one (a ticket without a device is a session minted for a user
 * already signed in, which is no new sign-in).
 */
export class SessionTickets {
  private readonly tickets = new Map<string, Ticket & { expires: number }>();

  issue(userId: string, device?: SignInDevice): string {
    const now = Date.now();
    for (const [k, v] of this.tickets) if (v.expires <= now) this.tickets.delete(k);
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, { userId, device, expires: now + TICKET_TTL_MS });
    return ticket;
  }

  redeem(ticket: unknown): Ticket | undefined {
    if (typeof ticket !== 'string') return undefined;
    const entry = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    return entry && entry.expires > Date.now() ? { userId: entry.userId, device: entry.device } : undefined;
  }
}

function requestedScopes(raw: unknown): string[] {
  const names = new Set(
    String(raw || DEFAULT_SCOPE)
      .split(' ')
      .filter(Boolean),
  );
  const unknown = [...names].filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new errors.InvalidScope('requested scope is not allowed', unknown.join(' '));
  // The contract always returns an ID token, so openid is implied.
  names.add('openid');
  return SCOPES.filter((s) => names.has(s));
}

/**
 * Mints the same token set the authorization-code grant would, from the provider's public models:
 * a fresh grant, a JWT access token for the API, a rotating refresh token and an ID token.
 */
async function issueTokens(
  ctx: TokenEndpointGrantContext,
  config: Config,
  users: UserCredentials,
  accountId: string,
  gty: string,
) {
  const { provider, client } = ctx.oidc;
  const account = await findAccount(users, accountId);
  if (!account) throw new errors.InvalidGrant('account not found');
  ctx.oidc.entity('Account', account);

  const scopes = requestedScopes(ctx.oidc.params.scope);
  const scope = scopes.join(' ');
  const authTime = Math.floor(Date.now() / 1000);

  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(API_RESOURCE, scope);
  const grantId = await grant.save();
  ctx.oidc.entity('Grant', grant);

  // Known before the access token is signed: its auth_time claim is read from it (provider.ts authTimeOf).
  const rt = new provider.RefreshToken({
    accountId,
    client,
    grantId,
    gty,
    scope,
    authTime,
    resource: API_RESOURCE,
    rotations: 0,
    expiresWithSession: false,
  });
  ctx.oidc.entity('RefreshToken', rt);

  // Tokens from these grants are not tied to a browser session, there is none.
  const at = new provider.AccessToken({ accountId, client, grantId, gty, expiresWithSession: false });
  at.resourceServer = new provider.ResourceServer(API_RESOURCE, resourceServerInfo(config));
  at.scope = grant.getResourceScopeFiltered(API_RESOURCE, scopes);
  ctx.oidc.entity('AccessToken', at);
  const accessToken = await at.save();
  const refreshToken = await rt.save();

  const idToken = new provider.IdToken(
    { ...(await account.claims('id_token', scope, {}, [])), auth_time: authTime },
    { ctx },
  );
  // Claims are masked by this scope; the model has the property, the typings do not.
  (idToken as unknown as { scope: string }).scope = scope;

  ctx.body = {
    access_token: accessToken,
    token_type: at.tokenType,
    expires_in: at.expiration,
    refresh_token: refreshToken,
    id_token: await idToken.issue({ use: 'idtoken' }),
    scope: at.scope,
  };
}

/** OAuth's shape for a refused sign-in attempt, with the gateway's code beside it so the app reads both alike. */
class RateLimitedGrant extends errors.OIDCProviderError {
  constructor(readonly waitSeconds: number) {
    super(429, 'rate_limited');
    this.error_description = `Too many sign-in attempts: try again in ${waitSeconds} s`;
  }
}

/** Counts a password sign-in per client address and per user name; throws the 429 when over (Retry-After set). */
export async function countSignIn(
  limiter: RateLimiter | undefined,
  ctx: { req: IncomingMessage; set(name: string, value: string): void },
  username: string,
) {
  try {
    await limiter?.consume('signIn', { ip: clientAddressOf(ctx.req), account: username });
  } catch (err) {
    if (!(err instanceof DomainError) || err.waitSeconds === undefined) throw err;
    ctx.set('Retry-After', String(err.waitSeconds));
    throw new RateLimitedGrant(err.waitSeconds);
  }
}

export function registerGrants(
  provider: Provider,
  deps: {
    config: Config;
    users: UserCredentials;
    tickets: SessionTickets;
    limiter?: RateLimiter;
    recordSignIn?: SignInRecorder;
  },
): void {
  const { config, users, tickets } = deps;

  provider.registerGrantType<{ username?: string; password?: string; device_id?: string }>(
    'password',
    async (ctx) => {
      const { username, password, device_id: deviceId } = ctx.oidc.params;
      if (typeof username !== 'string' || !username) throw new errors.InvalidRequest('Missing parameter: username');
      if (deviceId !== undefined && !isDeviceId(deviceId)) throw new errors.InvalidRequest('device_id is malformed');
      if (typeof password !== 'string' || !password) throw new errors.InvalidRequest('Missing parameter: password');
      for (const [name, value] of [
        ['username', username],
        ['password', password],
      ] as const) {
        if (hasControlCharacters(value)) throw new errors.InvalidRequest(`${name} must not contain control characters`);
      }
      await countSignIn(deps.limiter, ctx, username);
      const result = await users.checkPassword(username, password);
      if (!result.ok) {
        // Keycloak's wording, which the app maps to its own messages.
        const description =
          result.reason === 'unconfirmed' ? 'Account is not fully set up' : 'Invalid user credentials';
        throw new errors.CustomOIDCProviderError('invalid_grant', description);
      }
      // The device is recorded (and a new one told to the owner) before any token exists.
      await deps.recordSignIn?.(result.userId, { deviceId, userAgent: ctx.get('user-agent'), via: 'password' });
      await issueTokens(ctx, config, users, result.userId, 'password');
    },
    ['username', 'password', 'scope', 'device_id'],
  );

  provider.registerGrantType<{ ticket?: string }>(
    SESSION_GRANT,
    async (ctx) => {
      const ticket = tickets.redeem(ctx.oidc.params.ticket);
      if (!ticket) throw new errors.InvalidGrant('session ticket is invalid or expired');
      if (ticket.device) await deps.recordSignIn?.(ticket.userId, ticket.device);
      await issueTokens(ctx, config, users, ticket.userId, SESSION_GRANT);
    },
    ['ticket', 'scope'],
  );
}
