import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';

/** Tight enough that a few requests prove a counter is shared; the limits two replicas start with. */
export const REPLICA_LIMITS = 'signUp.ip=3/600,signIn.account=3/600,signIn.ip=50/600';

const TOKEN_URL = '/realms/wallet/protocol/openid-connect/token';

/** The 429 the app shows: RATE_LIMITED, its wait in the body and the same wait in Retry-After. */
export function expectRateLimited(res: { statusCode: number; json(): any; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many requests') });
  expect(body.waitSeconds).toBeGreaterThan(0);
  expect(body.waitSeconds).toBeLessThanOrEqual(600);
  expect(res.headers['retry-after']).toBe(String(body.waitSeconds));
}

/**
 * Two replicas take turns on one client: per client address (sign-up, a Fastify route) and per
 * account (the IdP's password grant, a raw handler) the fourth request is refused, whichever
 * replica it reaches. Each replica alone has seen two, under its limit of three.
 */
export async function expectCountedTogether(a: TestApp, b: TestApp, ip: string) {
  const signUpOn = (t: TestApp) =>
    t.app.inject({
      method: 'POST',
      url: '/b2c-user-management/user',
      headers: { 'x-forwarded-for': ip },
      payload: { email: `replica-${randomUUID()}@example.com`, password: 'correct horse' },
    });
  const signUps = [];
  for (const t of [a, b, a]) signUps.push((await signUpOn(t)).statusCode);
  expect(signUps).toEqual([201, 201, 201]);
  expectRateLimited(await signUpOn(b));

  const username = `grant-${randomUUID()}@example.com`;
  const grantOn = (t: TestApp, i: number) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `192.0.2.${60 + i}` },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: 'wallet-web',
        username,
        password: `wrong-${i}-password`,
      }).toString(),
    });
  const grants = [];
  for (const [i, t] of [a, b, a].entries()) grants.push((await grantOn(t, i)).statusCode);
  expect(grants).toEqual([400, 400, 400]);
  const over = await grantOn(b, 3);
  expect(over.statusCode).toBe(429);
  expect(over.json()).toMatchObject({ error: 'rate_limited' });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
}

/**
 * Ten sign-ups at once from one client, five on each replica, under a limit of three: exactly three
 * get through, whatever order the counters see them in (the count is atomic in the shared store).
 */
export async function expectExactUnderConcurrency(a: TestApp, b: TestApp, ip: string) {
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? b : a).app.inject({
        method: 'POST',
        url: '/b2c-user-management/user',
        headers: { 'x-forwarded-for': ip },
        payload: { email: `burst-${i}-${randomUUID()}@example.com`, password: 'correct horse' },
      }),
    ),
  );
  const statuses = responses.map((r) => r.statusCode).sort();
  expect(statuses).toEqual([201, 201, 201, ...Array<number>(7).fill(429)]);
}
