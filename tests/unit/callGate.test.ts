/**
 * The call gate (src/api/callGate.ts): a hold keeps gateway calls back until the browser reports its
 * first contentful paint, or `maxMs` at the latest; without a hold, or without paint timing, nothing waits.
 * The module keeps one hold per page, so each case loads it afresh.
 */
type Listener = (list: { getEntriesByName(name: string): unknown[] }) => void;

function fakePaintTiming(supported: boolean) {
  const observers: Array<{ listener: Listener; disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = supported ? ['paint', 'resource'] : ['resource'];
    private entry: { listener: Listener; disconnected: boolean };
    constructor(listener: Listener) {
      this.entry = { listener, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) =>
      observers
        .filter((o) => !o.disconnected)
        .forEach((o) => o.listener({ getEntriesByName: (n) => (n === name ? [{}] : []) })),
    live: () => observers.filter((o) => !o.disconnected).length,
  };
}

async function freshGate() {
  vi.resetModules();
  return (await import('../../src/api/callGate')).callGate;
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callGate', () => {
  it('without a hold, calls pass at once', async () => {
    fakePaintTiming(true);
    const gate = await freshGate();
    expect(await settled(gate.passed())).toBe(true);
  });

  it('holds calls until the first contentful paint, not an earlier first paint', async () => {
    vi.useFakeTimers();
    const timing = fakePaintTiming(true);
    const gate = await freshGate();
    gate.holdUntilFirstPaint(3_000);
    const passed = gate.passed();
    timing.paint('first-paint');
    expect(await settled(passed)).toBe(false);
    timing.paint('first-contentful-paint');
    expect(await settled(passed)).toBe(true);
    expect(timing.live()).toBe(0);
  });

  it('lets calls go after maxMs when nothing contentful is painted', async () => {
    vi.useFakeTimers();
    fakePaintTiming(true);
    const gate = await freshGate();
    gate.holdUntilFirstPaint(3_000);
    const passed = gate.passed();
    vi.advanceTimersByTime(2_999);
    expect(await settled(passed)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(passed)).toBe(true);
  });

  it('holds nothing where the browser has no paint timing', async () => {
    fakePaintTiming(false);
    const gate = await freshGate();
    gate.holdUntilFirstPaint(3_000);
    expect(await settled(gate.passed())).toBe(true);
  });
});
