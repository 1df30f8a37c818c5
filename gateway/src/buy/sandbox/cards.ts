/**
 * The sandbox acquirer's test cards (docs/api.md "Buy"). Any other number that passes the Luhn check
 * behaves like the success card; the number itself is never stored, only masked.
 */
export type CardBehaviour = 'success' | 'three_ds' | 'declined' | 'fails_later';

export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'success',
  '4000000000003220': 'three_ds',
  '4000000000000002': 'declined',
  '4000000000000119': 'fails_later',
};

/** The code the 3-D Secure step accepts; three wrong codes decline the payment. */
export const THREE_DS_CODE = '123456';
export const THREE_DS_TRIES = 3;

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "4242 •••• •••• 4242": the first four and last four, never more. */
export const maskCard = (digits: string) => `${digits.slice(0, 4)} •••• •••• ${digits.slice(-4)}`;

export const behaviourOf = (digits: string): CardBehaviour => TEST_CARDS[digits] ?? 'success';

export type CardField = 'number' | 'expiry' | 'cvc' | 'holder';

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

/** Field problems of a submitted card, as message keys; empty when it may be charged. */
export function cardProblems(
  form: CardForm,
  now: Date,
): Partial<Record<CardField, 'required' | 'invalid' | 'expired'>> {
  const problems: Partial<Record<CardField, 'required' | 'invalid' | 'expired'>> = {};
  const number = digitsOf(form.number);
  if (!number) problems.number = 'required';
  else if (!luhnValid(number)) problems.number = 'invalid';
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  if (!form.expiry.trim()) problems.expiry = 'required';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) problems.expiry = 'invalid';
  else {
    // A card is good through the last day of its expiry month.
    const end = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
    if (end <= now.getTime()) problems.expiry = 'expired';
  }
  if (!form.cvc.trim()) problems.cvc = 'required';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) problems.cvc = 'invalid';
  if (!form.holder.trim()) problems.holder = 'required';
  else if (form.holder.trim().length > 64) problems.holder = 'invalid';
  return problems;
}
