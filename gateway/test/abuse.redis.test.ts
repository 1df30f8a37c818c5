import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/http/rateLimit.js';
import { redisStore } from '../src/http/redisStore.js';
import { freePort } from './idp-support.js';

/** Redis is optional: this runs where a redis-server binary is installed, and is skipped elsewhere. */
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

describe.skipIf(!REDIS)('rate-limit counters in Redis (REDIS_URL)', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    server = spawn(REDIS!, ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}/2`;
    // Ready when it answers.
    for (let i = 0; i < 100; i++) {
      const probe = redisStore(url);
      try {
        await probe.hit('probe', 1);
        await probe.close();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  afterAll(() => {
    server?.kill();
  });

  it('counts atomically across clients (two replicas), with the window the first hit set', async () => {
    const a = redisStore(url);
    const b = redisStore(url);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('shared', 60)));
      expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(results.every((r) => r.resetInSeconds > 0 && r.resetInSeconds <= 60)).toBe(true);
      const limiter = createRateLimiter({
        limits: { signIn: { ip: { max: 3, windowSeconds: 60 } } } as never,
        store: a,
      });
      for (let i = 0; i < 3; i++) await limiter.consume('signIn', { ip: '192.0.2.1' });
      await expect(limiter.consume('signIn', { ip: '192.0.2.1' })).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        kind: 'too_many_attempts',
      });
      await expect(limiter.consume('signIn', { ip: '192.0.2.2' })).resolves.toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lets requests through, and says so, when Redis cannot be reached', async () => {
    const warnings: string[] = [];
    const limiter = createRateLimiter({
      limits: { signIn: { ip: { max: 1, windowSeconds: 60 } } } as never,
      store: redisStore(`redis://127.0.0.1:${await freePort()}`),
      log: { warn: (_o, m) => void warnings.push(m) },
    });
    for (let i = 0; i < 3; i++) await limiter.consume('signIn', { ip: '192.0.2.9' });
    expect(warnings).toHaveLength(3);
    await limiter.close();
  });
});
