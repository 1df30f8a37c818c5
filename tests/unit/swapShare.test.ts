/** The swap's 25 % / 50 % chips and Max: exact shares of the balance, never more than held. */
import { describe, expect, it } from 'vitest';
import { maxAmount, shareAmount } from '../../machines/shared/swap';

describe('swap chips', () => {
  it('takes an exact share, cut to the asset round', () => {
    expect(shareAmount('1.25', 25, 8)).toBe('0.3125');
    expect(shareAmount('1.25', 50, 8)).toBe('0.625');
    expect(shareAmount('0.00000003', 50, 8)).toBe('0.00000001');
    expect(shareAmount('100.129', 25, 2)).toBe('25.03');
    expect(shareAmount('100.129', 50, 2)).toBe('50.06');
    expect(shareAmount('0.49900215', 50, 8)).toBe('0.24950107');
    // Never more than the 8 decimals an amount field takes.
    expect(shareAmount('1', 25, 18)).toBe('0.25');
    expect(shareAmount('0.000000001', 50, 18)).toBe('0');
  });

  it('Max is the whole balance, cut to 8 decimals', () => {
    expect(maxAmount('0.49900215')).toBe('0.49900215');
    expect(maxAmount('0.499002159')).toBe('0.49900215');
  });
});
