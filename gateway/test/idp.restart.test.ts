import { afterAll, describe, expect, it } from 'vitest';
import { passwordGrant, refreshGrant, startIdp, type IdpServer } from './idp-support.js';

const servers: IdpServer[] = [];
afterAll(async () => {
  for (const s of servers.slice(0, -1)) await s.stop().catch(() => undefined);
  await servers.at(-1)?.close();
});

describe('restart', () => {
  it('keeps keys, tokens and grants across a second provider over the same database', async () => {
    const first = await startIdp();
    servers.push(first);
    const alice = first.users.add('alice@example.com', 'correct horse');
    const tokens = (await passwordGrant(first, 'alice@example.com', 'correct horse')).body;
    const jwks = await (await fetch(`${first.issuer}/protocol/openid-connect/certs`)).json();
    await first.stop();
    // Let the client notice the old server closed its keep-alive sockets before reusing the port.
    await new Promise((r) => setTimeout(r, 200));

    const port = Number(new URL(first.base).port);
    const second = await startIdp({ database: first.database, port, users: first.users });
    servers.push(second);
    expect(second.issuer).toBe(first.issuer);
    expect(await (await fetch(`${second.issuer}/protocol/openid-connect/certs`)).json()).toEqual(jwks);

    expect(await second.idp.verifyAccessToken(tokens.access_token)).toEqual({ sub: alice.id });
    const refreshed = await refreshGrant(second, tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await second.idp.verifyAccessToken(refreshed.body.access_token)).toEqual({ sub: alice.id });
    // Rotation state survived too: the pre-restart refresh token is now spent.
    expect((await refreshGrant(second, tokens.refresh_token)).status).toBe(400);
  });
});
