/** The audience of every access token; an absolute URI, as resource indicators require. */
export const API_RESOURCE = 'urn:wallet:api';
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** What the password grant grants when the request names no scope (Keycloak's client defaults). */
export const DEFAULT_SCOPE = 'openid profile email';
/** Private grant that issueSession() uses to mint a session for an already-authenticated user. */
export const SESSION_GRANT = 'urn:wallet:params:grant-type:session-ticket';

/** Keycloak's paths, relative to the issuer, so the app runs unchanged against a real realm. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  revocation: '/protocol/openid-connect/revoke',
  end_session: '/protocol/openid-connect/logout',
  introspection: '/protocol/openid-connect/token/introspect',
} as const;

/** Where the provider sends the browser when it needs the user to sign in. */
export const INTERACTION_PATH = '/login-actions';
