import { invalid } from '../domain/errors.js';
import { CARD_NUMBER_LENGTH, SellErrorCodes } from '../../../contracts/sell.js';

/** The Luhn mod-10 check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The card number as 16 digits, or a 400 naming the field. Spaces the app groups digits with are
 * dropped; the message never repeats the number.
 */
export function requireCardNumber(input: unknown, field = 'card'): string {
  const digits = typeof input === 'string' ? input.replace(/[\s-]/g, '') : '';
  if (digits.length !== CARD_NUMBER_LENGTH || !luhnValid(digits)) {
    throw invalid(
      SellErrorCodes.cardInvalid,
      `${field} must be a valid ${CARD_NUMBER_LENGTH}-digit card number`,
      field,
    );
  }
  return digits;
}

/** What the gateway may keep and show: the first 6 and last 4 digits (PCI DSS's allowance). */
export const maskCard = (digits: string) => `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
