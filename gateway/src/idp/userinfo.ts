import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UserCredentials } from './userCredentials.js';
import { applyCors, sendJson } from './http.js';

const SCOPE_CLAIMS: Record<string, string[]> = {
  email: ['email', 'email_verified'],
  profile: ['preferred_username', 'name'],
};

function bearer(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** GET/POST userinfo with a Bearer access token: the claims the token's scopes cover. */
export function createUserinfoHandler(deps: {
  allowedOrigins: ReadonlySet<string>;
  verify: (token: string) => Promise<{ sub: string; scope?: string }>;
  users: UserCredentials;
  issuer: string;
}) {
  const unauthorized = (res: ServerResponse, description: string) =>
    sendJson(
      res,
      401,
      { error: 'invalid_token', error_description: description },
      {
        'WWW-Authenticate': `Bearer realm="${deps.issuer}", error="invalid_token"`,
      },
    );

  return async function userinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (applyCors(req, res, deps.allowedOrigins, 'GET, POST')) return;
    if (req.method !== 'GET' && req.method !== 'POST') {
      sendJson(res, 405, { error: 'invalid_request', error_description: 'method not allowed' }, { Allow: 'GET, POST' });
      return;
    }
    const token = bearer(req);
    if (!token) return unauthorized(res, 'no access token provided');
    let claims: { sub: string; scope?: string };
    try {
      claims = await deps.verify(token);
    } catch {
      return unauthorized(res, 'invalid token provided');
    }
    const user = await deps.users.getClaims(claims.sub);
    if (!user) return unauthorized(res, 'user not found');
    const scopes = new Set((claims.scope ?? '').split(' '));
    const body: Record<string, unknown> = { sub: claims.sub };
    for (const [scope, names] of Object.entries(SCOPE_CLAIMS)) {
      if (!scopes.has(scope)) continue;
      for (const name of names) {
        const value = (user as Record<string, unknown>)[name];
        if (value !== undefined) body[name] = value;
      }
    }
    sendJson(res, 200, body);
  };
}
