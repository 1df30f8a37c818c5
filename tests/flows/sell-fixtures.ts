/** Shared by the sell flow tests: terms (rate 100 RUB, limits 1 000–100 000 RUB), cards and answers. */
import { screen } from '@testing-library/react';
import type { CardInfo, SavedCard, SellOrder } from '../../src/api/sell';
import type { SellTerms } from '../../machines/sellAmount.machine';
import { labelled, usdtTrxCoin } from './asset-fixtures';

export { replaceValue } from './send-fixtures';

export const AVAILABLE = '500';
/** 100 RUB a USDT: the bounds are exactly 10 and 1 000 USDT, so "at the bound" is exact. */
export const terms = (more: Partial<SellTerms> = {}): SellTerms =>
  labelled(more.limits ? 'no room (1000..1000)' : `rate 100${more.passcodeActive ? ', passcode' : ''}`, {
    coin: usdtTrxCoin,
    available: AVAILABLE,
    rate: '100',
    rateId: 'rate-1',
    // The market price the rate is 1 % below (the gateway's midRate).
    midRate: '101.01',
    limits: { minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' },
    passcodeActive: false,
    ...more,
  });
export const noRoomTerms = () => terms({ limits: { minLimit: '1000', maxLimit: '1000', limitCurrency: 'RUB' } });

/** Sberbank (MIR) test numbers: Luhn-valid, BIN 220220. */
export const SBER = '2202200000000008';
export const SBER_OTHER_END = '2202200000000016';
/** Luhn fails on the last digit. */
export const SBER_MISTYPED = '2202200000000009';
/** Tinkoff (not SBR). */
export const TINKOFF = '5536910000000006';

export const sberInfo: CardInfo = labelled('SBR MIR', { code: 'SBR', system: 'MIR' });
export const otherInfo: CardInfo = labelled('TCS MASTERCARD', { code: 'TCS', system: 'MASTERCARD' });
export const unknownInfo: CardInfo = labelled('unknown', { code: 'unknown', system: 'unknown' });

export const savedCards: SavedCard[] = labelled('1 saved card', [
  { cardId: 'card-1', mascCard: '220220******1234', bankCode: 'SBR', bankSystem: 'MIR' },
]);

export const placed = (state: SellOrder['state'] = 'IN_PROGRESS'): SellOrder =>
  labelled(`order ${state}`, {
    id: 'order-1',
    state,
    currency: 'USDT_TRX',
    amount: '49.99',
    fiatCurrency: 'RUB',
    fiatAmount: '5000.00',
    rate: '100',
    cardId: null,
    mascCard: '220220******0008',
    bankCode: 'SBR',
    createdDate: '2026-03-03T12:00:00Z',
    transaction: null,
  });

export const serverError = (code: string, message: string, status = 400) => labelled(code, { status, code, message });

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const amountInput = () => screen.getByLabelText('Amount, USDT') as HTMLInputElement;
export const cardInput = () => screen.getByLabelText('Card number') as HTMLInputElement;
