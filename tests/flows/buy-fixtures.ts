/** Shared by the card-buy flow tests: the coin, quotes at 6 000 000 RUB per BTC, errors and drivers. */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { BuyDraft, BuyQuote } from '../../machines/shared/buy';
import { BTC_ADDRESS, labelled } from './asset-fixtures';

export { btcCoin, BTC_ADDRESS, labelled } from './asset-fixtures';

export const CHOICE = { currency: 'BTC', geoId: 'RU', fiatCurrency: 'RUB' };

/** The quote the sandbox would give at 6 000 000 RUB/BTC, crypto cut to 8 places. */
const FIAT_TO_CRYPTO: Record<string, string> = {
  '3000': '0.0005',
  '4000': '0.00066666',
  '5000': '0.00083333',
  '6000': '0.001',
  '10000': '0.00166666',
  '75000': '0.0125',
};
const CRYPTO_TO_FIAT: Record<string, string> = { '0.001': '6000', '0.02': '120000' };

export function quoteFor(side: 'fiat' | 'crypto', amount: string, more: Partial<BuyQuote> = {}): BuyQuote {
  const fiatAmount = side === 'fiat' ? amount : CRYPTO_TO_FIAT[amount];
  const cryptoAmount = side === 'crypto' ? amount : FIAT_TO_CRYPTO[amount];
  if (!fiatAmount || !cryptoAmount) throw new Error(`no fixture quote for ${side} ${amount}`);
  return labelled(
    `quote ${fiatAmount} RUB = ${more.cryptoAmount ?? cryptoAmount} BTC${more.fixedRateId ? ` ${more.fixedRateId}` : ''}`,
    {
      fiatAmount,
      cryptoAmount,
      fiatCurrency: 'RUB',
      fiatSettingsItemId: 'card-ru',
      fixedRateId: 'rate-1',
      rate: '6000000',
      // The market price the spread is added to (the gateway's midRate).
      midRate: '5900000',
      validSeconds: 2,
      ...more,
    },
  );
}

export const draftFor = (
  side: 'fiat' | 'crypto',
  amount: string,
  quote: BuyQuote | null = quoteFor(side, amount),
): BuyDraft => ({ ...CHOICE, depositAddress: BTC_ADDRESS, side, amount, quote });

export const serverError = (code: string, message: string, status = 400) => labelled(code, { status, code, message });

type User = ReturnType<typeof userEvent.setup>;

export const fiatInput = () => screen.getByLabelText('You pay, RUB') as HTMLInputElement;
export const cryptoInput = () => screen.getByLabelText('You get, BTC') as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** One change event with the whole value, as a paste over the selected text gives. */
export async function replaceValue(user: User, input: HTMLInputElement, value: string) {
  if (value === '') return user.clear(input);
  await user.click(input);
  input.setSelectionRange(0, input.value.length);
  await user.paste(value);
}
