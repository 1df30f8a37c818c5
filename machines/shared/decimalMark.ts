/**
 * What an amount field shows for a value kept with a point: the language's decimal mark ("0,5" in
 * Russian). Typed back, the comma becomes a point again (amountInput's acceptAmount), so the value sent
 * stays "0.5". A module of its own: every text field imports it, the sign-in screens too, and they must
 * not pull the decimal arithmetic into the first download.
 */
export const localAmount = (value: string, locale: string): string =>
  locale === 'ru' ? value.replace('.', ',') : value;
