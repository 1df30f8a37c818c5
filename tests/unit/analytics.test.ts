import Value from 'typebox/value';
import { createAnalytics, type AnalyticsTransport } from '../../src/app/analytics';
import { AnalyticsBatchSchema, type AnalyticsBatch } from '../../contracts/analytics';

function recorder() {
  const sent: { batch: AnalyticsBatch }[] = [];
  const transport: AnalyticsTransport = async (batch) => void sent.push({ batch });
  return { sent, transport };
}

describe('the analytics port', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T07:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('queues events and sends them as one batch after the delay, tagged with the appType and session', async () => {
    const { sent, transport } = recorder();
    const analytics = createAnalytics({ appType: 'tg', transport, sessionId: 'session-1', delayMs: 2000 });
    analytics.track('screen_viewed', { screen: '/home' });
    analytics.track('send_started', { currency: 'BTC' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // Recorded when tracked, not when sent.
    expect(sent).toEqual([
      {
        batch: {
          appType: 'tg',
          sessionId: 'session-1',
          events: [
            { name: 'screen_viewed', at: '2026-11-24T07:00:00.000Z', props: { screen: '/home' } },
            { name: 'send_started', at: '2026-11-24T07:00:00.000Z', props: { currency: 'BTC' } },
          ],
        },
      },
    ]);
  });

  it('sends at once when a batch is full, and splits a long queue into batches', async () => {
    const { sent, transport } = recorder();
    const analytics = createAnalytics({ appType: 'web', transport, batchSize: 3, delayMs: 60_000 });
    for (let i = 0; i < 3; i++) analytics.track('passcode_set', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.batch.events.length)).toEqual([3]);
    for (let i = 0; i < 2; i++) analytics.track('passcode_changed', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.length).toBe(1);
    await analytics.flush();
    expect(sent.map((s) => s.batch.events.length)).toEqual([3, 2]);
  });

  it('flushes at once when asked (the page goes away), leaving nothing for the timer', async () => {
    const { sent, transport } = recorder();
    const analytics = createAnalytics({ appType: 'web', transport });
    analytics.track('screen_viewed', { screen: '/settings' });
    await analytics.flush();
    expect(sent.length).toBe(1);
    // Nothing left for the timer.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.length).toBe(1);
  });

  it('never blocks or throws: track returns before the transport answers, whatever it does', async () => {
    let release!: () => void;
    const transport = vi.fn<AnalyticsTransport>(() => new Promise<void>((resolve) => (release = resolve)));
    const analytics = createAnalytics({ appType: 'web', transport, batchSize: 1 });
    expect(analytics.track('screen_viewed', { screen: '/home' })).toBeUndefined();
    expect(transport).toHaveBeenCalledTimes(1);
    // The transport has not answered, and the next event is recorded all the same.
    analytics.track('screen_viewed', { screen: '/settings' });
    expect(transport).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
  });

  it('only logs a transport that rejects or throws, and goes on with the next batch', async () => {
    const log = vi.fn();
    const attempts: string[] = [];
    const transport: AnalyticsTransport = (batch) => {
      const name = batch.events[0]!.name;
      attempts.push(name);
      if (name === 'passcode_set') throw new Error('synchronous failure');
      if (name === 'passcode_changed') return Promise.reject(new Error('HTTP 500'));
      return Promise.resolve();
    };
    const analytics = createAnalytics({ appType: 'web', transport, batchSize: 1, log });
    analytics.track('passcode_set', {});
    analytics.track('passcode_changed', {});
    analytics.track('passcode_disabled', {});
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(attempts).toEqual(['passcode_set', 'passcode_changed', 'passcode_disabled']);
    expect(log.mock.calls.map(([message, error]) => [message, (error as Error).message])).toEqual([
      ['Analytics events not sent', 'synchronous failure'],
      ['Analytics events not sent', 'HTTP 500'],
    ]);
  });

  it('keeps at most maxQueued events, dropping the oldest, while nothing can be sent', async () => {
    let online = false;
    const sent: string[] = [];
    const transport: AnalyticsTransport = async (batch) => {
      if (!online) throw new Error('offline');
      sent.push(...batch.events.map((e) => (e.props as { screen: string }).screen));
    };
    const analytics = createAnalytics({
      appType: 'web',
      transport,
      maxQueued: 2,
      batchSize: 10,
      delayMs: 60_000,
      log: () => {},
    });
    analytics.track('screen_viewed', { screen: '/home' });
    analytics.track('screen_viewed', { screen: '/settings' });
    analytics.track('screen_viewed', { screen: '/exchange' });
    online = true;
    await analytics.flush();
    expect(sent).toEqual(['/settings', '/exchange']);
  });

  it("makes a session id of its own that the gateway's schema takes", async () => {
    const { sent, transport } = recorder();
    for (let i = 0; i < 20; i++) {
      const analytics = createAnalytics({ appType: 'web', transport });
      analytics.track('passcode_set', {});
      await analytics.flush();
    }
    const ids = sent.map((s) => s.batch.sessionId);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(Value.Check(AnalyticsBatchSchema.properties.sessionId, id)).toBe(true);
  });

  it('drops everything without a transport (no sink configured)', async () => {
    const analytics = createAnalytics({ appType: 'web' });
    analytics.track('screen_viewed', { screen: '/home' });
    expect(vi.getTimerCount()).toBe(0);
    await expect(analytics.flush()).resolves.toBeUndefined();
  });
});
