import { describe, expect, it } from 'vitest';
import type { PaymentSessionState } from '../src/buy/sandbox/acquirer.js';
import { cardPage, closedPage, pageLang, threeDsPage } from '../src/buy/sandbox/pages.js';

/** Issue 22: the sandbox card payment page speaks the session's language and names the coin as the app does. */
const session = (description: string): PaymentSessionState =>
  ({
    paymentId: 'pay-1',
    orderId: 'order-1',
    amount: 1_050_000n,
    fiatCurrency: 'RUB',
    description,
    returnUrl: 'https://wallet.example/buy/return/order-1',
    payBefore: new Date('2030-01-01T00:00:00Z'),
    status: 'OPEN',
  }) as PaymentSessionState;

const rows = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map(([, term, value]) => `${term}: ${value}`);

describe('sandbox card payment page', () => {
  it('in Russian (lang=ru from the app): Russian words, the decimal comma, the ticker and the asset name', () => {
    const html = cardPage(pageLang('ru', 'en-US,en;q=0.9'), session('103.03469 USDT_ETH'), '/dev/acquirer/pay/pay-1');
    expect(html).toContain('<html lang="ru"');
    expect(rows(html)).toEqual([
      'Сумма: 10\u00a0500,00 RUB',
      'Вы покупаете: 103,03469\u00a0USDT',
      'Актив: Tether USD (ERC-20)',
    ]);
    expect(html).not.toContain('USDT_ETH');
    expect(html).toContain('>Оплатить</button>');
    expect(html).toContain('>Отменить и вернуться</button>');
    // Every form keeps the language for the next page (3-D Secure, the closed page).
    expect([...html.matchAll(/action="([^"]+)"/g)].map(([, a]) => a)).toEqual([
      '/dev/acquirer/pay/pay-1?lang=ru',
      '/dev/acquirer/pay/pay-1/cancel?lang=ru',
    ]);
    expect(rows(threeDsPage('ru', session('0.0005 BTC'), '/p', false, 3))).toContain('Вы покупаете: 0,0005\u00a0BTC');
  });

  it('in English by default (no lang, an English browser), with the same naming', () => {
    const html = cardPage(pageLang(undefined, 'en-GB,en;q=0.9'), session('0.00041849 BTC'), '/p');
    expect(html).toContain('<html lang="en"');
    expect(rows(html)).toEqual(['Amount: 10\u00a0500.00 RUB', 'You are buying: 0.00041849\u00a0BTC', 'Asset: Bitcoin']);
  });

  it('the browser language decides when the app sends none; lang wins over it', () => {
    expect(pageLang(undefined, 'ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(pageLang('en', 'ru-RU,ru;q=0.9')).toBe('en');
    expect(pageLang('de', 'de-DE')).toBe('en');
    for (const asked of ['ru', 'RUS', 'ru-RU']) expect(pageLang(asked, 'en-US')).toBe('ru');
    expect(pageLang('ENG', 'ru-RU')).toBe('en');
    expect(closedPage('ru', 'expired', undefined)).toContain('Срок страницы оплаты истёк.');
  });

  it('a description it cannot read is shown as it came', () => {
    expect(rows(cardPage('en', session('a gift card'), '/p'))).toContain('You are buying: a gift card');
  });
});
