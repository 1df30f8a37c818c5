import type { UserProfile } from 'oidc-client-ts';
import { publicHttp } from '../api/http';
import type { SessionUser } from '../../machines/session.machine';
import { decodeJwt } from './jwt';
import { getUserManager } from './userManager';
import { rememberRefreshExpiry, toSessionUser } from './sessionUser';
import { recordTelegramOwner } from './telegramOwner';
import { initDataUserId } from '../platform/initDataUser';
import { deviceId } from './deviceId';

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

/**
 * Stores the gateway's token response as an oidc-client-ts user, so silent sign-in can refresh it later,
 * with the Telegram user of the init data it was signed in with recorded beside it (issue 20 item 9).
 */
export async function storeTokenResponse(tokens: TokenResponse, initData?: string): Promise<SessionUser> {
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
  const telegramUserId = initData ? initDataUserId(initData) : null;
  if (telegramUserId !== null) recordTelegramOwner(user.profile.sub, telegramUserId);
  await (await getUserManager()).storeUser(user);
  return toSessionUser(user);
}

export async function signInWithInitData(initData: string): Promise<SessionUser> {
  // Issue 24: the device, so a sign-in from one the gateway has not seen is told to the owner.
  const tokens = await publicHttp
    .post('b2c-user-management/auth/tg', { json: { initData, deviceId: deviceId() } })
    .json<TokenResponse>();
  return storeTokenResponse(tokens, initData);
}

/** Links the messenger account named by the one-time code (the `link_token` query) and signs in. */
export async function exchangeLinkToken(oneTimeCode: string, initData: string): Promise<SessionUser> {
  // A payment request's start value (`pay-…`, issue 25) is no link code: the plain init-data sign-in, and
  // Home opens the request (src/features/receive/payStart.ts). Decided here, not at launch, to keep the
  // check out of the sign-in screens' boot chunk.
  // Nor is a bot message's transaction button (`tx-…`, issue 24).
  if (oneTimeCode.startsWith('pay-') || oneTimeCode.startsWith('tx-')) return signInWithInitData(initData);
  const tokens = await publicHttp
    .post('b2c-user-management/auth/tg/link', { json: { oneTimeCode, tgCode: initData, deviceId: deviceId() } })
    .json<TokenResponse>();
  return storeTokenResponse(tokens, initData);
}

/**
 * The Telegram user the account behind this access token is linked to (GET /user's `telegram.id`), asked
 * with the stored token as it is: no renewal, a refusal is an answer (the session is then discarded).
 */
export async function loadTelegramOwner(accessToken: string): Promise<number | null> {
  const profile = await publicHttp
    .get('b2c-user-management/user', { headers: { authorization: `Bearer ${accessToken}` } })
    .json<{ telegram?: { id?: unknown } | null }>();
  return typeof profile.telegram?.id === 'number' ? profile.telegram.id : null;
}
