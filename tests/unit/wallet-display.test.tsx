import { screen } from '@testing-library/react';
import { portfolio } from '../../machines/shared/portfolio';
import { formatFiat } from '../../src/i18n/format';
import { keepIfSame, sameData, toCoinMap } from '../../machines/shared/coins';
import { CoinLogo, logoKey } from '../../src/ui/CoinLogo';
import { renderWithProviders } from '../support/render';
import { asset, catalogue, holdingsA, rates } from '../fixtures/wallet';

const coins = toCoinMap(catalogue, false);

describe('portfolio', () => {
  it('sums exact cents and rounds each amount half-up to the coin’s round', () => {
    const { rows, total } = portfolio([asset('BTC', '0.123456789'), asset('USDT_TRX', '10.129')], coins, rates, 'USD');
    expect(rows.map((r) => r.amount)).toEqual(['0.12345679', '10.13']);
    // 0.123456789 × 60000 = 7407.41 (half-up) + 10.129 × 1 = 10.13
    expect(total).toBe('7417.54');
  });

  it('has no total while a held coin has no rate', () => {
    expect(portfolio([asset('TON', '1')], coins, rates, 'USD').total).toBeNull();
    expect(portfolio([], coins, rates, 'USD').total).toBe('0.00');
  });

  it('formats fiat with its symbol, grouping and 2 decimals', () => {
    expect(formatFiat('1234567.5', 'USD', 'en')).toBe('$1,234,567.50');
    expect(formatFiat('30100.50', 'EUR', 'en')).toBe('€30,100.50');
    expect(formatFiat('12.00', 'XYZ', 'en')).toBe('XYZ\u00a012.00');
  });
});

describe('structural sharing', () => {
  it('keeps the previous reference for equal data', () => {
    const copy = structuredClone(holdingsA);
    expect(sameData(holdingsA, copy)).toBe(true);
    expect(keepIfSame(holdingsA, copy)).toBe(holdingsA);
    expect(keepIfSame(holdingsA, [...copy, asset('ETH', '1')])).not.toBe(holdingsA);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('CoinLogo', () => {
  it('ships the logos with the app and badges tokens with their network', () => {
    expect(['btc', 'eth', 'usdt', 'trx', 'ton', 'ltc', 'doge', 'btc_lng'].map(logoKey)).toEqual([
      'btc',
      'eth',
      'usdt',
      'trx',
      'ton',
      'ltc',
      'doge',
      'btc_lng',
    ]);
    expect(logoKey('USDT_TRX')).toBe('usdt');
    expect(logoKey('lightning')).toBe('btc_lng');
    const { container } = renderWithProviders(
      <>
        <CoinLogo logoName="usdt" secondaryLogoName="trx" />
        <CoinLogo logoName="btc" secondaryLogoName="btc" />
        <CoinLogo logoName="xyz" />
      </>,
    );
    const [token, coin, unknown] = [...container.querySelectorAll('[data-logo]')];
    expect(token.getAttribute('data-badge')).toBe('trx');
    expect(token.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(coin.getAttribute('data-badge')).toBeNull();
    expect(unknown.getAttribute('data-logo')).toBe('fallback');
    expect(unknown.textContent).toBe('x');
    expect(token.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
