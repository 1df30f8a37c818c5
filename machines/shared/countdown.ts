/** Pure time rules of the countdown actor (machines/countdown.machine.ts) and its display. */

/** A countdown steps once a second. */
export const TICK_MS = 1000;

/** Whole seconds from `now` (epoch ms) until `deadline` (ISO text or epoch ms), rounded up, never negative. */
export function secondsUntil(deadline: string | number, now: number): number {
  const at = typeof deadline === 'number' ? deadline : Date.parse(deadline);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Spec §4 mm:ss: 300 → "05:00", 59 → "00:59", 3600 → "60:00"; never negative. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
