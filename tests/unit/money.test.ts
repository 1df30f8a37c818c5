import {
  compareDecimal,
  fiatCents,
  formatCents,
  formatCrypto,
  fromUnits,
  isZero,
  toUnits,
  trimZeros,
} from '../../machines/shared/money';

describe('decimal money helpers', () => {
  it('trims trailing zeros', () => {
    expect(trimZeros('12.3400')).toBe('12.34');
    expect(trimZeros('5.000')).toBe('5');
    expect(trimZeros('0.0')).toBe('0');
    expect(trimZeros('100')).toBe('100');
  });

  it('formats crypto in the asset round, truncating and trimming', () => {
    expect(formatCrypto('0.123456789', 8)).toBe('0.12345678');
    expect(formatCrypto('1.50000000', 8)).toBe('1.5');
    expect(formatCrypto('12.999', 2)).toBe('12.99');
    expect(formatCrypto('0.00000001', 2)).toBe('0');
  });

  it('converts to and from minor units exactly', () => {
    expect(toUnits('0.1', 18)).toBe(100000000000000000n);
    expect(fromUnits(123456789n, 8)).toBe('1.23456789');
    expect(fromUnits(5n, 0)).toBe('5');
    expect(() => toUnits('1e-9', 8)).toThrow();
    expect(() => toUnits('1,5', 8)).toThrow();
  });

  it('compares decimals of different scales', () => {
    expect(compareDecimal('0.1', '0.10000')).toBe(0);
    expect(compareDecimal('2', '10')).toBe(-1);
    expect(compareDecimal('0.30000001', '0.3')).toBe(1);
    expect(isZero('0.000')).toBe(true);
    expect(isZero('0.001')).toBe(false);
  });

  it('computes fiat cents on integers, rounding half up once', () => {
    // 0.1 + 0.2 style float error must not leak: 0.3 BTC at 97000 is exactly 29100.00.
    expect(formatCents(fiatCents('0.3', 97000))).toBe('29100.00');
    expect(formatCents(fiatCents('1.005', 1))).toBe('1.01');
    expect(formatCents(fiatCents('0.00000001', 97123.45))).toBe('0.00');
    expect(formatCents(fiatCents('12345678.12345678', 0.24))).toBe('2962962.75');
  });
});
