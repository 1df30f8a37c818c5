import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsConfig } from '../config.js';
import { posthogSink } from './posthog.js';
import type { AnalyticsSink } from './types.js';

export type { AnalyticsSink, TaggedEvent } from './types.js';

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
    case 'none':
      return noSink;
    case 'log':
      return logSink(log);
    case 'posthog':
      return posthogSink(config);
  }
}
