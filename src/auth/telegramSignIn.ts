import type { UserProfile } from 'oidc-client-ts';
import { publicHttp } from '../api/http';
import type { SessionUser } from '../../machines/session.machine';
import { decodeJwt } from './jwt';
import { getUserManager } from './userManager';
import { rememberRefreshExpiry, toSessionUser } from './sessionUser';

/** The IdP token endpoint's JSON, which the gateway returns for messenger sign-in and link exchange. */
type TokenResponse = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  refresh_expires_in?: number;
  id_token?: string;
  scope?: string;
  session_state?: string;
};

/** Stores the gateway's token response as an oidc-client-ts user, so silent sign-in can refresh it later. */
export async function storeTokenResponse(tokens: TokenResponse): Promise<SessionUser> {
  const claims = (tokens.id_token ? decodeJwt(tokens.id_token) : null) ?? decodeJwt(tokens.access_token) ?? {};
  const { User } = await import('oidc-client-ts');
  const user = new User({
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    refresh_token: tokens.refresh_token,
    id_token: tokens.id_token,
    scope: tokens.scope,
    session_state: tokens.session_state ?? null,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    profile: claims as UserProfile,
  });
  rememberRefreshExpiry(tokens.refresh_token, tokens.refresh_expires_in);
  await (await getUserManager()).storeUser(user);
  return toSessionUser(user);
}

export async function signInWithInitData(initData: string): Promise<SessionUser> {
  const tokens = await publicHttp.post('b2c-user-management/auth/tg', { json: { initData } }).json<TokenResponse>();
  return storeTokenResponse(tokens);
}

/** Links the messenger account named by the one-time code (the `link_token` query) and signs in. */
export async function exchangeLinkToken(oneTimeCode: string, initData: string): Promise<SessionUser> {
  const tokens = await publicHttp
    .post('b2c-user-management/auth/tg/link', { json: { oneTimeCode, tgCode: initData } })
    .json<TokenResponse>();
  return storeTokenResponse(tokens);
}
