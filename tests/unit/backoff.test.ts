import { backoffDelay, countFailure } from '../../machines/shared/backoff';
import { BALANCE_BACKOFF } from '../../machines/balances.machine';
import { PROBE_BACKOFF } from '../../machines/connectivity.machine';

describe('exponential backoff with a cap', () => {
  it('starts at the base, doubles per failure and stops at the cap', () => {
    const b = { base: 1000, cap: 10_000 };
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n, b))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('reads a negative or fractional count as the whole failures it holds', () => {
    const b = { base: 500, cap: 4000 };
    expect(backoffDelay(-3, b)).toBe(500);
    expect(backoffDelay(2.9, b)).toBe(2000);
  });

  it('never passes the cap, even for counts that would overflow 2^n', () => {
    expect(backoffDelay(5000, { base: 10_000, cap: 60_000 })).toBe(60_000);
  });

  it('counts failures only while the wait still grows, so the count is bounded', () => {
    const b = { base: 1000, cap: 10_000 };
    let n = 0;
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) seen.push((n = countFailure(n, b)));
    expect(seen.slice(0, 5)).toEqual([1, 2, 3, 4, 4]);
    expect(Math.max(...seen)).toBe(4);
    expect(backoffDelay(4, b)).toBe(10_000);
  });

  it('a cap that is not a power-of-two multiple of the base is still reached and held', () => {
    const b = { base: 3000, cap: 10_000 };
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, b))).toEqual([3000, 6000, 10_000, 10_000]);
    expect(countFailure(2, b)).toBe(2);
  });

  it('the app’s schedules: balances 10 s → 20 → 40 → 60 s; probes 2 s → 4 → 8 → 16 → 32 → 60 s', () => {
    const steps = (b: { base: number; cap: number }) => {
      const out: number[] = [];
      let n = 0;
      for (let i = 0; i < 8; i += 1) {
        out.push(backoffDelay(n, b));
        n = countFailure(n, b);
      }
      return out;
    };
    expect(steps(BALANCE_BACKOFF)).toEqual([10_000, 20_000, 40_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
    expect(steps(PROBE_BACKOFF)).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
