import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import { json } from './support/flows.js';

/** Shared by the analytics tests: the route, a batch as the app sends it, the dev log of what was recorded. */
export const EVENTS = '/analytics/events';
export const at = '2026-11-24T07:00:00.000Z';
export const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  appType: 'web',
  sessionId: 'session-0001',
  events,
  ...extra,
});
export const screen = (path: string) => ({ name: 'screen_viewed', at, props: { screen: path } });

export type Recorded = {
  name: string;
  props: Record<string, unknown>;
  accountId: string | null;
  appType: string;
  sessionId: string;
};
export async function recorded(t: TestApp): Promise<Recorded[]> {
  const res = await json<{ events: Recorded[] }>(t, 'GET', '/dev/analytics/events');
  expect(res.status).toBe(200);
  return res.body.events;
}
export const clear = (t: TestApp) => t.app.inject({ method: 'DELETE', url: '/dev/analytics/events' });

/** Waits until `check` holds, for what happens after the 202 (the sink is not awaited by the route). */
export async function eventually(check: () => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
