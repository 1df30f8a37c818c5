import type { AnalyticsEvent, AppType } from '../../../contracts/analytics.js';

// Not in sink.ts: sink.ts imports the backends (posthog.ts) to choose one, so the shapes they implement
// sit below both.

/** An allowed event with what the gateway knows of its sender (spec §1: account id and appType). */
export type TaggedEvent = AnalyticsEvent & { accountId: string | null; appType: AppType; sessionId: string };

/** A product analytics backend. `capture` may fail: the caller only logs it (spec §8). */
export interface AnalyticsSink {
  readonly name: string;
  capture(events: TaggedEvent[]): Promise<void>;
}
