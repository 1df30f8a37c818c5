import { fromUnits, toUnits } from './money';

/**
 * Amount inputs (spec §5, §9): digits with an optional decimal part, a comma becomes a point, at most
 * 8 digits before and 8 after the point. Keystrokes that break the rule are refused (the previous
 * value stays), so the field never holds something the server would reject.
 */
export const INTEGER_DIGITS = 8;
export const FRACTION_DIGITS = 8;

const SHAPE = new RegExp(`^\\d{0,${INTEGER_DIGITS}}(?:\\.\\d{0,${FRACTION_DIGITS}})?$`);

/** The accepted form of what was typed or pasted, or null when it must be refused. */
export function acceptAmount(raw: string): string | null {
  const value = raw.replace(/\s+/g, '').replace(/,/g, '.');
  if (!SHAPE.test(value)) return null;
  // "." alone becomes "0." so the field shows what the user means; leading zeros collapse ("007" → "7").
  if (value.startsWith('.')) return `0${value}`;
  return value.replace(/^0+(?=\d)/, '');
}

/** The next field value: the accepted input, or the previous value when the input is refused. */
export const nextAmount = (previous: string, raw: string): string => acceptAmount(raw) ?? previous;

/** A complete decimal ready to send: "1." and "" are not ("1.0" and "0.5" are). */
export const isCompleteAmount = (value: string): boolean => /^\d+(?:\.\d+)?$/.test(value);

/** The canonical string sent to the server: no trailing point or zeros ("1.50" → "1.5"). */
export function toWireAmount(value: string): string {
  const v = value.endsWith('.') ? value.slice(0, -1) : value;
  if (!v.includes('.')) return v || '0';
  const trimmed = v.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' ? '0' : trimmed;
}

const SCALE = FRACTION_DIGITS;
const units = (value: string) => toUnits(toWireAmount(value), SCALE);

/** Spec §5 "Max" with the fee on top of what the recipient gets: available − fee, never below 0. */
export function maxSendable(available: string, fee: string): string {
  const rest = units(available) - units(fee);
  return toWireAmount(fromUnits(rest > 0n ? rest : 0n, SCALE));
}

/** The amount plus the fee is more than the available balance (without a fee yet: the amount alone). */
export function exceedsAvailable(amount: string, available: string, fee: string | null): boolean {
  if (!isCompleteAmount(amount) && !isCompleteAmount(toWireAmount(amount))) return false;
  return units(amount) + (fee ? units(fee) : 0n) > units(available);
}

/** amount + fee, exact, for the review total. */
export const totalWithFee = (amount: string, fee: string): string =>
  toWireAmount(fromUnits(units(amount) + units(fee), SCALE));

export const isPositiveAmount = (value: string): boolean => isCompleteAmount(toWireAmount(value)) && units(value) > 0n;
