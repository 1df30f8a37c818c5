import {
  acceptAmount,
  exceedsAvailable,
  isCompleteAmount,
  isPositiveAmount,
  maxSendable,
  nextAmount,
  toWireAmount,
  totalWithFee,
} from '../../machines/shared/amountInput';

describe('amount input (spec §5, §9: 8 + 8 digits, comma → point)', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['1', '1'],
    ['1.', '1.'],
    ['1,5', '1.5'],
    [',5', '0.5'],
    ['.', '0.'],
    ['007', '7'],
    ['0.05', '0.05'],
    ['12345678', '12345678'],
    ['12345678.12345678', '12345678.12345678'],
    ['0,00000001', '0.00000001'],
    [' 1 000 ', '1000'],
  ])('accepts %j as %j', (raw, value) => expect(acceptAmount(raw)).toBe(value));

  it.each([
    ['123456789'],
    ['1.123456789'],
    ['123456789.1'],
    ['1.2.3'],
    ['1,2,3'],
    ['-1'],
    ['1e5'],
    ['abc'],
    ['NaN'],
    ['1.5a'],
  ])('refuses %j', (raw) => expect(acceptAmount(raw)).toBeNull());

  it('keeps the previous value when a keystroke is refused', () => {
    expect(nextAmount('12345678', '123456789')).toBe('12345678');
    expect(nextAmount('0.12345678', '0.123456789')).toBe('0.12345678');
    expect(nextAmount('1', '1,')).toBe('1.');
  });

  it('sends canonical decimals', () => {
    expect(toWireAmount('1.')).toBe('1');
    expect(toWireAmount('1.500')).toBe('1.5');
    expect(toWireAmount('0.0')).toBe('0');
    expect(toWireAmount('')).toBe('0');
    expect(isCompleteAmount('1.')).toBe(false);
    expect(isPositiveAmount('1.')).toBe(true);
    expect(isPositiveAmount('0.000')).toBe(false);
    expect(isPositiveAmount('0.00000001')).toBe(true);
  });

  it('Max is the available balance minus the fee, never below zero', () => {
    expect(maxSendable('1.25', '0.0001')).toBe('1.2499');
    expect(maxSendable('0.00002', '0.0001')).toBe('0');
    expect(maxSendable('1.123456789', '0')).toBe('1.12345678');
  });

  it('compares amount + fee with the available balance exactly', () => {
    expect(exceedsAvailable('1.2499', '1.25', '0.0001')).toBe(false);
    expect(exceedsAvailable('1.24990001', '1.25', '0.0001')).toBe(true);
    expect(exceedsAvailable('1.25', '1.25', null)).toBe(false);
    expect(exceedsAvailable('1.26', '1.25', null)).toBe(true);
    expect(exceedsAvailable('', '1.25', '0.1')).toBe(false);
    expect(totalWithFee('0.1', '0.00012')).toBe('0.10012');
  });
});
