import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, parsePositiveAmount } from '../src/wallet/amounts.js';

const user = (input: unknown, decimals = 8) => parseAmount(input, { decimals, userInput: true });

describe('amounts at the edge', () => {
  it('parses decimal strings into exact minor units', () => {
    expect(user('0.12345678')).toBe(12_345_678n);
    expect(user('1')).toBe(100_000_000n);
    expect(user('99999999.99999999')).toBe(9_999_999_999_999_999n);
    expect(user('0.1', 18)).toBe(100_000_000_000_000_000n);
    expect(user('00012.5', 6)).toBe(12_500_000n);
    expect(user('0')).toBe(0n);
    // Chain reports may use every decimal of the asset.
    expect(parseAmount('1.000000000000000001', { decimals: 18 })).toBe(1_000_000_000_000_000_001n);
  });

  it('rejects anything that is not a plain non-negative decimal string', () => {
    for (const bad of [
      '-1',
      'NaN',
      '1e-9',
      '1E5',
      '1,5',
      '',
      ' 1',
      '1 ',
      '.5',
      '5.',
      '+1',
      '0x10',
      'Infinity',
      '1.2.3',
      '١',
      1,
      0.5,
      null,
      undefined,
      {},
    ]) {
      expect(() => user(bad), JSON.stringify(bad)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'INVALID_AMOUNT' }),
      );
    }
  });

  it('refuses a 9th decimal and more than 8+8 digits from users, and more decimals than the asset has', () => {
    expect(() => user('0.123456789')).toThrow(/decimal places/);
    expect(() => user('0.123456789', 18)).toThrow(/decimal places/);
    expect(() => user('123456789')).toThrow(/digits before/);
    expect(() => user('0.1234567', 6)).toThrow(/decimal places/);
    expect(() => parseAmount('0.0000000001', { decimals: 9 })).toThrow();
  });

  it('refuses zero where a positive amount is needed', () => {
    expect(() => parsePositiveAmount('0.000', { decimals: 8 })).toThrow(/greater than 0/);
    expect(parsePositiveAmount('0.00000001', { decimals: 8 })).toBe(1n);
  });

  it('formats minor units back exactly, with no float in between', () => {
    expect(formatAmount(12_345_678n, 8)).toBe('0.12345678');
    expect(formatAmount(150_000_000n, 8)).toBe('1.5');
    expect(formatAmount(0n, 18)).toBe('0');
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001');
    expect(formatAmount(10n ** 38n - 1n, 18)).toBe('99999999999999999999.999999999999999999');
    expect(formatAmount(30n, 2)).toBe('0.3');
    // 0.1 + 0.2 in minor units is exactly 0.3.
    expect(formatAmount(user('0.1') + user('0.2'), 8)).toBe('0.3');
  });

  it('round-trips', () => {
    for (const s of ['0', '1', '0.5', '21000000', '0.00000001', '12345678.87654321'])
      expect(formatAmount(user(s), 8)).toBe(s);
  });
});
