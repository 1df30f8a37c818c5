import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeProtectedHeader } from 'jose';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client.js';
import { oidcPayloads } from '../db/schema/idp.js';
import { revokeGrant } from './adapter.js';
import { applyCors, HttpError, readForm, send, sendError } from './http.js';
import { REVOKED_ACCESS_TOKEN, type AccessTokenClaims } from './verify.js';

function isJwt(token: string): boolean {
  try {
    return !!decodeProtectedHeader(token);
  } catch {
    return false;
  }
}

/**
 * RFC 7009 revocation. Served here rather than by the provider because the provider refuses to
 * revoke JWT access tokens (400), and oidc-client-ts revokes the access token first and would fail.
 * A revoked access token is remembered until it expires; a revoked refresh token takes its whole
 * grant with it, so access tokens of that grant stop working too.
 */
export function createRevocationHandler(deps: {
  db: Db;
  provider: Provider;
  clientId: string;
  allowedOrigins: ReadonlySet<string>;
  verifySignature: (token: string) => Promise<AccessTokenClaims>;
}) {
  return async function revoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (applyCors(req, res, deps.allowedOrigins, 'POST')) return;
    try {
      if (req.method !== 'POST') throw new HttpError(405, 'invalid_request', 'method not allowed');
      const form = await readForm(req);
      if (form.get('client_id') !== deps.clientId)
        throw new HttpError(401, 'invalid_client', 'client authentication failed');
      const token = form.get('token');
      if (!token) throw new HttpError(400, 'invalid_request', 'missing required parameter token');

      if (isJwt(token)) {
        // Invalid or expired tokens need no revoking: RFC 7009 answers 200 either way.
        const claims = await deps.verifySignature(token).catch(() => undefined);
        if (claims && claims.client_id === deps.clientId) {
          await deps.db
            .insert(oidcPayloads)
            .values({
              model: REVOKED_ACCESS_TOKEN,
              id: claims.jti,
              payload: { sub: claims.sub },
              expiresAt: new Date(claims.exp * 1000),
            })
            .onConflictDoNothing();
        }
      } else {
        const rt = await deps.provider.RefreshToken.find(token, { ignoreExpiration: true });
        if (rt && rt.clientId === deps.clientId) {
          await rt.destroy();
          if (rt.grantId) await revokeGrant(deps.db, rt.grantId);
        }
      }
      send(res, 200, undefined, undefined, { 'Cache-Control': 'no-store' });
    } catch (err) {
      sendError(res, err);
    }
  };
}
