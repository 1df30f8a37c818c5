import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEvent, AppType } from '../../../contracts/analytics.js';
import type { AnalyticsConfig } from '../config.js';
import { posthogSink } from './posthog.js';

/** An allowed event with what the gateway knows of its sender (spec §1: account id and appType). */
export type TaggedEvent = AnalyticsEvent & { accountId: string | null; appType: AppType; sessionId: string };

/** A product analytics backend. `capture` may fail: the caller only logs it (spec §8). */
export interface AnalyticsSink {
  readonly name: string;
  capture(events: TaggedEvent[]): Promise<void>;
}

export const noSink: AnalyticsSink = { name: 'none', capture: async () => {} };

/**
 * One log line per event, at info even when the gateway logs at warn: choosing this sink means wanting
 * to see them. The events hold nothing personal (contracts/analytics.ts), so they may be logged.
 */
export function logSink(log: FastifyBaseLogger): AnalyticsSink {
  const out = log.child({ module: 'analytics' }, { level: 'info' });
  return {
    name: 'log',
    async capture(events) {
      for (const event of events) out.info({ analytics: event }, 'analytics event');
    },
  };
}

export function createSink(config: AnalyticsConfig, log: FastifyBaseLogger): AnalyticsSink {
  switch (config.sink) {
    case 'none': return noSink;
    case 'log': return logSink(log);
    case 'posthog': return posthogSink(config);
  }
}
