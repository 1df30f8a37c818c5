import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createIdp, type Idp, type TokenSet, type UserCredentials } from '../src/idp/index.js';
import { freshDatabase } from './support/database.js';

export const APP_ORIGIN = 'https://app.example';

export interface FakeUser {
  id: string;
  email: string;
  password: string;
  confirmed: boolean;
  username: string;
}

/** In-memory stand-in for the users module: just what the identity provider asks of it. */
export function fakeUsers(): UserCredentials & {
  add(email: string, password: string, confirmed?: boolean): FakeUser;
  all: FakeUser[];
} {
  const all: FakeUser[] = [];
  return {
    all,
    add(email, password, confirmed = true) {
      const user = { id: randomUUID(), email, password, confirmed, username: email };
      all.push(user);
      return user;
    },
    async checkPassword(email, password) {
      const user = all.find((u) => u.email === email.toLowerCase());
      if (!user || user.password !== password) return { ok: false, reason: 'invalid' };
      if (!user.confirmed) return { ok: false, reason: 'unconfirmed' };
      return { ok: true, userId: user.id };
    },
    async getClaims(userId) {
      const user = all.find((u) => u.id === userId);
      return user && { email: user.email, email_verified: user.confirmed, preferred_username: user.username };
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface IdpServer {
  app: FastifyInstance;
  idp: Idp;
  config: Config;
  database: Database;
  users: ReturnType<typeof fakeUsers>;
  base: string;
  issuer: string;
  /** Stops the HTTP server; the database stays open for a restart. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startIdp(
  opts: { database?: Database; port?: number; users?: ReturnType<typeof fakeUsers>; env?: Record<string, string> } = {},
): Promise<IdpServer> {
  const database = opts.database ?? (await freshDatabase());
  const port = opts.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ALLOWED_ORIGINS: APP_ORIGIN,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'idp-test-')),
    ...opts.env,
  });
  const users = opts.users ?? fakeUsers();
  const idp = await createIdp({ db: database.db, config, users });
  const app = Fastify();
  await idp.register(app);
  await app.listen({ port, host: '127.0.0.1' });
  const stop = () => app.close();
  return {
    app,
    idp,
    config,
    database,
    users,
    base: config.publicUrl,
    issuer: idp.issuer,
    stop,
    async close() {
      await stop();
      await database.close();
    },
  };
}

export function tokenUrl(s: IdpServer): string {
  return `${s.issuer}/protocol/openid-connect/token`;
}

/** A token-endpoint call shaped like oidc-client-ts's: form-encoded, client_id in the body, no secret. */
export async function tokenRequest(s: IdpServer, params: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(tokenUrl(s), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ client_id: s.config.clientId, ...params }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as TokenSet & { error?: string; error_description?: string },
  };
}

export function passwordGrant(
  s: IdpServer,
  username: string,
  password: string,
  scope = 'openid profile email offline_access',
) {
  return tokenRequest(s, { grant_type: 'password', username, password, scope });
}

export function refreshGrant(s: IdpServer, refreshToken: string) {
  return tokenRequest(s, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

export function decodeSegment(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index], 'base64url').toString('utf8'));
}
