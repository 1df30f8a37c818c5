import type { AnalyticsSink, TaggedEvent } from './types.js';

/** Sandbox only: the last events given to the sink, for GET /dev/analytics/events (e2e and people). */
export type AnalyticsRecorder = AnalyticsSink & { events(): TaggedEvent[]; clear(): void };

export function recording(sink: AnalyticsSink, keep = 1000): AnalyticsRecorder {
  let seen: TaggedEvent[] = [];
  return {
    name: sink.name,
    capture(events) {
      seen = [...seen, ...events].slice(-keep);
      return sink.capture(events);
    },
    events: () => seen,
    clear: () => void (seen = []),
  };
}
