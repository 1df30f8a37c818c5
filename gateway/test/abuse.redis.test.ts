import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, redisConnection } from '../src/http/redisStore.js';
import { createTestApp, type TestApp } from './support/app.js';
import { freePort } from './idp-support.js';
import { expectCountedTogether, expectExactUnderConcurrency, REPLICA_LIMITS } from './rateLimit-support.js';

/** Redis is optional: this runs where a redis-server binary is installed, and is skipped elsewhere. */
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

/** A throwaway redis-server on a free port, resolved once it says it accepts connections. */
async function startRedis(): Promise<{ server: ChildProcess; port: number }> {
  const port = await freePort();
  const server = spawn(REDIS!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return { server, port };
}

describe.skipIf(!REDIS)('rate-limit counters in Redis (REDIS_URL), through @fastify/rate-limit', () => {
  let server: ChildProcess;
  let url: string;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const started = await startRedis();
    server = started.server;
    url = `redis://127.0.0.1:${started.port}/2`;
    // Two replicas with a database each: Redis is all they share.
    const env = { RATE_LIMITS: REPLICA_LIMITS, TRUST_PROXY: '127.0.0.1', REDIS_URL: url };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    server?.kill();
  });

  it('two replicas count together, per client address and per account; the counters are in Redis only', async () => {
    await expectCountedTogether(a, b, '203.0.113.50');
    const redis = new Redis(url);
    try {
      const keys = await redis.keys('rl:*');
      for (const key of keys) expect(key).toMatch(/^rl:.*(signUp|signIn):(ip|account):[\w-]{32}$/);
      expect(keys.some((k) => k.includes('signUp:ip:'))).toBe(true);
      expect(keys.some((k) => k.includes('signIn:account:'))).toBe(true);
      // No address or e-mail in the clear, and a window on every counter.
      expect(keys.join(' ')).not.toMatch(/203\.0\.113|@example\.com/);
      for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
    for (const t of [a, b]) {
      const { rows } = (await t.db.execute(sql`select count(*)::int as n from rate_limit_counters`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBe(0);
    }
  });

  it('requests at once on both replicas: exactly the limit gets through', async () => {
    await expectExactUnderConcurrency(a, b, '203.0.113.51');
  });

  it('lets requests through, and says so, when Redis cannot be reached', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const down = await createTestApp({
      env: { RATE_LIMITS: 'signUp.ip=1/600,signUp.account=off', REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
      logger: { level: 'warn', stream },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await down.app.inject({
          method: 'POST',
          url: '/b2c-user-management/user',
          payload: { email: `down-${i}-${randomUUID()}@example.com`, password: 'correct horse' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201]);
      expect(lines.filter((l) => l.includes('request let through'))).toHaveLength(3);
    } finally {
      await down.close();
    }
  });

  it('closes, up or down, without waiting on a connection that is not there', async () => {
    const log = { warn: () => {} };
    const up = await redisConnection(url, log);
    expect(up.status).toBe('ready');
    await closeRedis(up);
    expect(up.status).toBe('end');
    const down = await redisConnection(`redis://127.0.0.1:${await freePort()}`, log);
    expect(down.status).not.toBe('ready');
    await closeRedis(down);
    // Ended, or between attempts with the next attempt cancelled (ioredis's disconnect).
    expect(['end', 'reconnecting']).toContain(down.status);
  });
});
