import type {
  AnalyticsBatch,
  AnalyticsEvent,
  AnalyticsEventName,
  AnalyticsProps,
  AppType,
} from '../../contracts/analytics';

/** How a batch reaches the gateway (in a way that outlives the page). Rejects on any failure. */
export type AnalyticsTransport = (batch: AnalyticsBatch) => Promise<void>;

/** The analytics port (spec §1): recording is synchronous and never throws; sending happens later. */
export type Analytics = {
  track<N extends AnalyticsEventName>(name: N, props: AnalyticsProps<N>): void;
  /** Sends what is queued now (also called when the page is hidden or left); never rejects. */
  flush(): Promise<void>;
};

export type AnalyticsOptions = {
  appType: AppType;
  /** Absent: events are dropped (no sink configured for this build, or a test that does not look). */
  transport?: AnalyticsTransport;
  sessionId?: string;
  /** A batch leaves this long after its first event… */
  delayMs?: number;
  /** …or at once when it has this many. */
  batchSize?: number;
  /** Beyond this, the oldest queued events are dropped: a gateway that is down must not grow memory. */
  maxQueued?: number;
  /** Spec §8: analytics errors are only logged. */
  log?: (message: string, error: unknown) => void;
};

// Groups one visit's events, nothing more: no need for a cryptographic id (randomUUID is https-only).
const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** A queue flushed in batches by a timer, so a tap that records an event never waits for the network. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { appType, transport, delayMs = 2000, batchSize = 20, maxQueued = 200 } = options;
  const sessionId = options.sessionId ?? randomId();
  const log = options.log ?? ((message, error) => console.warn(message, error));
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0 && transport) {
      const events = queue.slice(0, batchSize);
      queue = queue.slice(events.length);
      try {
        await transport({ appType, sessionId, events });
      } catch (error) {
        log('Analytics events not sent', error);
      }
    }
  }

  return {
    track(name, props) {
      if (!transport) return;
      queue.push({ name, at: new Date().toISOString(), props } as AnalyticsEvent);
      if (queue.length > maxQueued) queue = queue.slice(queue.length - maxQueued);
      if (queue.length >= batchSize) void flush();
      else timer ??= setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
