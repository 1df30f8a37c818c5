/**
 * Gateway calls held back until the browser has painted content, on a start that will paint a signed-in
 * screen from what the device knows (src/main.tsx). Home's first frame (the frame, the navigation, the
 * banner, the balance skeleton) needs no answer, so on a phone's slow link the scripts it does need
 * should not share the link with ky and the data calls: they go out right after that frame instead.
 * Nothing contentful is painted before it (the start-up skeleton is a spinner), so the paint timing's
 * first-contentful-paint entry marks it; it arrives once the frame is on screen (the task after the
 * frame's own work came tens of milliseconds sooner, and calls made then still raced the paint).
 * On any other start, or where the browser has no paint timing, nothing is held; a hold ends after
 * `maxMs` at the latest, so a start that paints nothing cannot keep the calls waiting.
 */
let release: () => void = () => {};
const opened = new Promise<void>((resolve) => (release = resolve));
let held = false;

export const callGate = {
  holdUntilFirstPaint(maxMs: number): void {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return;
    held = true;
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      release();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(release, maxMs);
  },
  /** Resolves at once unless a hold is on. */
  passed: (): Promise<void> => (held ? opened : Promise.resolve()),
};
