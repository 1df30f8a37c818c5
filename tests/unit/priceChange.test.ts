import { describe, expect, it } from 'vitest';
import type { PricePoint } from '../../contracts/prices';
import { directionOfDecimal, portfolioChange, samplePoints } from '../../machines/shared/priceChange';

describe('portfolioChange', () => {
  it('is exact where floats are not: 0.1 + 0.2 of a coin at 3 → 3.3, a change of 0.30', () => {
    expect(
      portfolioChange([
        { amount: '0.1', open: '3.00', close: '4.00' },
        { amount: '0.2', open: '3.00', close: '4.00' },
      ]),
    ).toEqual({ amount: '0.30', percent: '33.33', direction: 'up' });
  });

  it('keeps all 18 decimals of an ETH balance and rounds cents half away from zero', () => {
    // 1.000000000000000005 ETH × +0.005 → 0.005000000000000000025 → 0.01; the other way −0.01.
    expect(portfolioChange([{ amount: '1.000000000000000005', open: '3400.000', close: '3400.005' }])?.amount).toBe(
      '0.01',
    );
    expect(portfolioChange([{ amount: '1.000000000000000005', open: '3400.005', close: '3400.000' }])?.amount).toBe(
      '-0.01',
    );
    expect(portfolioChange([{ amount: '1', open: '3400.000', close: '3400.004' }])).toEqual({
      amount: '0.00',
      percent: '0.00',
      direction: 'flat',
    });
  });

  it('per cent of what the holdings were worth a day ago; nothing when they were worth nothing', () => {
    expect(portfolioChange([{ amount: '2', open: '50.00', close: '25.00' }])).toEqual({
      amount: '-50.00',
      percent: '-50.00',
      direction: 'down',
    });
    expect(portfolioChange([{ amount: '0', open: '50.00', close: '25.00' }])).toBeNull();
    expect(portfolioChange([])).toBeNull();
  });
});

describe('directionOfDecimal', () => {
  it('reads the sign of a decimal string, zero as flat', () => {
    expect(['12.00', '-0.50', '0.00', '-0.000'].map(directionOfDecimal)).toEqual(['up', 'down', 'flat', 'flat']);
  });
});

describe('samplePoints', () => {
  const points: PricePoint[] = Array.from({ length: 367 }, (_, i) => ({ at: String(i), price: `${i}.00` }));
  it('keeps the first and last and spreads the rest evenly', () => {
    const picked = samplePoints(points, 13).map((p) => Number(p.at));
    expect(picked).toHaveLength(13);
    expect(picked[0]).toBe(0);
    expect(picked[12]).toBe(366);
    expect(picked.every((x, i) => i === 0 || x - picked[i - 1]! >= 30)).toBe(true);
    expect(samplePoints(points.slice(0, 5), 13)).toHaveLength(5);
  });
});
