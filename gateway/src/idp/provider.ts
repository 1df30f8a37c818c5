import Provider, {
  errors,
  type Account,
  type AdapterConstructor,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../config.js';
import { API_RESOURCE, INTERACTION_PATH, ROUTES, SCOPES, SESSION_GRANT } from './constants.js';
import type { UserCredentials } from './userCredentials.js';
import type { IdpKeys } from './keys.js';
import { SIGNING_ALG } from './keys.js';
import { errorPage, loggedOutPage, logoutPage, pagePolicy } from './pages.js';

export interface ProviderDeps {
  issuer: string;
  config: Config;
  users: UserCredentials;
  keys: IdpKeys;
  adapter: AdapterConstructor;
}

export function resourceServerInfo(config: Config) {
  return {
    scope: SCOPES.join(' '),
    audience: API_RESOURCE,
    accessTokenTTL: config.accessTokenTtl,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: SIGNING_ALG } as const },
  };
}

export async function findAccount(users: UserCredentials, sub: string): Promise<Account | undefined> {
  const claims = await users.getClaims(sub);
  if (!claims) return undefined;
  return { accountId: sub, claims: () => ({ ...claims, sub }) };
}

/**
 * When the user behind the token being minted last signed in (unix seconds): the refresh token's
 * record carries it through every rotation (a refreshed token keeps the sign-in's time, so a stolen
 * refresh token never looks like a fresh sign-in), the authorization code has it from the login.
 */
export function authTimeOf(ctx: KoaContextWithOIDC | undefined): number | undefined {
  const entities = ctx?.oidc?.entities;
  const authTime = entities?.RefreshToken?.authTime ?? entities?.AuthorizationCode?.authTime;
  return typeof authTime === 'number' && authTime > 0 ? authTime : undefined;
}

function clientMetadata(config: Config): ClientMetadata {
  const origins = config.allowedOrigins;
  return {
    client_id: config.clientId,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token', 'password', SESSION_GRANT],
    response_types: ['code'],
    redirect_uris: origins.flatMap((o) => [`${o}/`, `${o}/auth/callback`, `${o}/auth/silent-renew`]),
    post_logout_redirect_uris: origins.flatMap((o) => [`${o}/`, `${o}/auth/login`]),
    scope: SCOPES.join(' '),
    id_token_signed_response_alg: SIGNING_ALG,
  };
}

/**
 * First-party client: consent is implied, so the grant carries every scope the client may ask for;
 * tokens still only get the scopes each request names.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (existing && existing.accountId === session.accountId) return existing;
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPES.join(' '));
  grant.addResourceScope(API_RESOURCE, SCOPES.join(' '));
  await grant.save();
  return grant;
}

export function createProvider({ issuer, config, users, keys, adapter }: ProviderDeps): Provider {
  const allowedOrigins = new Set(config.allowedOrigins);
  const mountPath = new URL(issuer).pathname;
  const configuration: Configuration = {
    adapter,
    clients: [clientMetadata(config)],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    scopes: [...SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    // Keycloak puts the profile and e-mail claims in the ID token; so do we.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: { ...ROUTES },
    enabledJWA: { idTokenSigningAlgValues: [SIGNING_ALG] },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    findAccount: (_ctx, sub) => findAccount(users, sub),
    loadExistingGrant,
    interactions: { url: (_ctx, interaction) => `${mountPath}${INTERACTION_PATH}/${interaction.uid}` },
    // The grant id lets verifyAccessToken refuse tokens of a revoked or reused-refresh-token grant;
    // auth_time (when the user last proved who they are) lets a route ask for a recent sign-in.
    extraTokenClaims: (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.grantId) return undefined;
      const authTime = authTimeOf(ctx);
      return { gid: token.grantId, ...(authTime ? { auth_time: authTime } : {}) };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenTtl,
      IdToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: config.refreshTokenTtl,
      Grant: config.refreshTokenTtl,
      // A rotated token keeps its predecessor's expiry: a sign-in lasts refreshTokenTtl at most.
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : config.refreshTokenTtl;
      },
    },
    features: {
      devInteractions: { enabled: false },
      // Served by userinfo.ts: the built-in endpoint refuses access tokens minted for a resource server.
      userinfo: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        // Keeps refreshed access tokens JWTs for the API instead of opaque userinfo tokens.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator === API_RESOURCE) return resourceServerInfo(config);
          throw new errors.InvalidTarget();
        },
      },
    },
    discovery: { userinfo_endpoint: `${issuer}${ROUTES.userinfo}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  };
  const provider = new Provider(issuer, configuration);
  // The mount layer pins Host and X-Forwarded-Proto to the public URL (see mount.ts), so trusting
  // them only lets Koa see the scheme of a TLS-terminating proxy; clients cannot inject them.
  provider.proxy = true;
  // Fastify's own header hooks never see these responses (the request is handed over raw).
  const policy = pagePolicy(config.allowedOrigins);
  provider.use(async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.response.is('html')) {
      ctx.set('Content-Security-Policy', policy);
      ctx.set('Referrer-Policy', 'no-referrer');
    }
  });
  return provider;
}
