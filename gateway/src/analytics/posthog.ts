import type { AnalyticsSink, TaggedEvent } from './types.js';

/** PostHog's batch capture body (https://posthog.com/docs/api/capture, "Batch events"). */
export type PosthogBatch = {
  api_key: string;
  historical_migration: false;
  batch: { event: string; distinct_id: string; timestamp: string; properties: Record<string, unknown> }[];
};

/**
 * A signed-in user's events are theirs (distinct_id = account id); a signed-out visit's are anonymous
 * (its random session id, and no person profile, PostHog's `$process_person_profile: false`).
 */
export function toPosthogBatch(apiKey: string, events: TaggedEvent[]): PosthogBatch {
  return {
    api_key: apiKey,
    historical_migration: false,
    batch: events.map(({ name, at, props, accountId, appType, sessionId }) => ({
      event: name,
      distinct_id: accountId ?? `anonymous-${sessionId}`,
      timestamp: at,
      properties: {
        ...props,
        appType,
        accountId,
        $session_id: sessionId,
        ...(accountId ? {} : { $process_person_profile: false }),
      },
    })),
  };
}

/** POST {host}/batch/ with the project API key in the body, as PostHog's public capture API takes it. */
export function posthogSink(options: { host: string; apiKey: string; timeoutMs?: number }): AnalyticsSink {
  const endpoint = `${options.host}/batch/`;
  return {
    name: 'posthog',
    async capture(events) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(toPosthogBatch(options.apiKey, events)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      // The body may echo the request; only the status is worth a log line.
      await response.body?.cancel();
      if (!response.ok) throw new Error(`PostHog answered ${response.status}`);
    },
  };
}
