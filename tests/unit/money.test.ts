import {
  compareDecimal,
  cutDecimal,
  divideDecimal,
  invertRate,
  multiplyDecimal,
  roundDecimal,
  spreadPercent,
  subtractDecimal,
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

  it('formats crypto in the asset round, rounding half-up and trimming (issue 22: 978.156803 → 978.16)', () => {
    expect(formatCrypto('0.123456789', 8)).toBe('0.12345679');
    expect(formatCrypto('0.123456784', 8)).toBe('0.12345678');
    expect(formatCrypto('1.50000000', 8)).toBe('1.5');
    expect(formatCrypto('12.999', 2)).toBe('13');
    expect(formatCrypto('978.156803', 2)).toBe('978.16');
    expect(formatCrypto('978.154999', 2)).toBe('978.15');
    expect(formatCrypto('0.125', 2)).toBe('0.13');
    expect(formatCrypto('0.00000001', 2)).toBe('0');
    expect(formatCrypto('5', 2)).toBe('5');
  });

  it('cuts what may be spent (Max) and rounds for display', () => {
    expect(cutDecimal('0.499002159', 8)).toBe('0.49900215');
    expect(cutDecimal('1.000000009', 8)).toBe('1');
    expect(roundDecimal('0.499002155', 8)).toBe('0.49900216');
    expect(roundDecimal('2', 2)).toBe('2.00');
  });

  it('multiplies, subtracts and divides decimals exactly', () => {
    expect(multiplyDecimal('0.0166', '59400')).toBe('986.04');
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(subtractDecimal('988.06', '978.16')).toBe('9.9');
    expect(subtractDecimal('1', '1.5')).toBe('-0.5');
    expect(divideDecimal('1', '3', 4)).toBe('0.3333');
    expect(divideDecimal('2', '3', 4)).toBe('0.6667');
    expect(divideDecimal('1', '0', 4)).toBeNull();
    expect(invertRate('59400', 8)).toBe('0.00001684');
    expect(invertRate('0.00001684', 2)).toBe('59382.42');
  });

  it('says the spread below the mid-market rate in percent', () => {
    expect(spreadPercent('59400', '60000')).toBe('1');
    expect(spreadPercent('0.995', '1')).toBe('0.5');
    expect(spreadPercent('1', '3')).toBe('66.67');
    expect(spreadPercent('60000', '60000')).toBe('0');
    expect(spreadPercent('60001', '60000')).toBe('0');
    expect(spreadPercent('1', '0')).toBeNull();
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
