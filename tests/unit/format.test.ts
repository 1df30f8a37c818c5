/**
 * Display formatting (issue 8): crypto to the coin's round from the decimal string, fiat with 2
 * decimals and the symbol where each language puts it, and the one display name of an asset.
 * Russian groups with a no-break space (U+00A0) and writes a decimal comma.
 */
import {
  fiatSymbol,
  fiatValue,
  formatBalance,
  formatCrypto,
  formatCryptoNear,
  formatFiat,
  formatFiatValue,
  formatPercent,
  isShortened,
} from '../../src/i18n/format';
import { assetDisplayName, assetUnit } from '../../src/i18n/assetName';

const NB = '\u00a0';
const btc = { round: 8 };
const usdt = { round: 2 };

describe('formatBalance', () => {
  it('cuts what is held to the round, never rounding it up', () => {
    expect(formatBalance('12345.6789', usdt, 'en')).toBe('12,345.67');
    expect(formatBalance('0.499999999', btc, 'ru')).toBe('0,49999999');
    expect(formatBalance('0.999', usdt, 'en')).toBe('0.99');
    expect(formatBalance('124.50', usdt, 'en')).toBe('124.5');
    expect(formatBalance('0', btc, 'en')).toBe('0');
    expect(formatBalance('1.5', null, 'en')).toBe('1.5');
  });
});

describe('formatCrypto', () => {
  it('formats 0, tiny amounts and all 8 decimals in both languages', () => {
    expect(formatCrypto('0', btc, 'en')).toBe('0');
    expect(formatCrypto('0.00000000', btc, 'ru')).toBe('0');
    expect(formatCrypto('0.00000001', btc, 'en')).toBe('0.00000001');
    expect(formatCrypto('0.00000001', btc, 'ru')).toBe('0,00000001');
    expect(formatCrypto('0.12345678', btc, 'en')).toBe('0.12345678');
    expect(formatCrypto('0.12345678', btc, 'ru')).toBe('0,12345678');
  });

  it('rounds half-up to the round (spec §9, issue 22) and trims trailing zeros', () => {
    expect(formatCrypto('0.123456789', btc, 'en')).toBe('0.12345679');
    expect(formatCrypto('0.999999999', btc, 'en')).toBe('1');
    expect(formatCrypto('124.50', usdt, 'en')).toBe('124.5');
    expect(formatCrypto('10.129', usdt, 'ru')).toBe('10,13');
    expect(formatCrypto('978.156803', usdt, 'en')).toBe('978.16');
    expect(formatCrypto('978.156803', usdt, 'ru')).toBe('978,16');
    expect(formatCrypto('-978.156803', usdt, 'en')).toBe('-978.16');
    expect(formatCrypto('0.009', usdt, 'en')).toBe('0.01');
    expect(formatCrypto('0.004', usdt, 'en')).toBe('0');
    expect(formatCrypto('5.000', 4, 'en')).toBe('5');
  });

  it('groups thousands the way each language does', () => {
    expect(formatCrypto('1234567.5', btc, 'en')).toBe('1,234,567.5');
    expect(formatCrypto('1234567.5', btc, 'ru')).toBe(`1${NB}234${NB}567,5`);
  });

  it('keeps every digit of integers beyond 2^53 (the string never becomes a float)', () => {
    // 2^53 + 1 = 9007199254740993 is the first integer a double cannot hold.
    expect(formatCrypto('9007199254740993', btc, 'en')).toBe('9,007,199,254,740,993');
    expect(formatCrypto('123456789012345678901.12345678', btc, 'en')).toBe('123,456,789,012,345,678,901.12345678');
    expect(formatCrypto('123456789012345678901.12345678', btc, 'ru')).toBe(
      `123${NB}456${NB}789${NB}012${NB}345${NB}678${NB}901,12345678`,
    );
  });

  it('shows every digit while the round is unknown, keeps a minus, and passes non-decimals through', () => {
    expect(formatCrypto('0.1234567891', null, 'en')).toBe('0.1234567891');
    expect(formatCrypto('2.50', undefined, 'ru')).toBe('2,5');
    expect(formatCrypto('-1.5', btc, 'en')).toBe('-1.5');
    expect(formatCrypto('-0.000000001', btc, 'en')).toBe('0');
    expect(formatCrypto('abc', btc, 'en')).toBe('abc');
  });
});

describe('formatFiat', () => {
  it('puts the symbol where the language does: "$50,408.24" / "50 408,24 $"', () => {
    expect(formatFiat('50408.24', 'USD', 'en')).toBe('$50,408.24');
    expect(formatFiat('50408.24', 'USD', 'ru')).toBe(`50${NB}408,24${NB}$`);
  });

  it('always writes 2 decimals, zero included', () => {
    expect(formatFiat('0', 'USD', 'en')).toBe('$0.00');
    expect(formatFiat('0.00', 'EUR', 'ru')).toBe(`0,00${NB}€`);
    expect(formatFiat('1234567.5', 'USD', 'en')).toBe('$1,234,567.50');
    expect(formatFiat('0.005', 'USD', 'en')).toBe('$0.01');
  });

  it('writes each fiat of spec §9 with its own symbol in both languages', () => {
    const en = {
      USD: '$1,234.50',
      EUR: '€1,234.50',
      KZT: '₸1,234.50',
      UAH: '₴1,234.50',
      RUB: '₽1,234.50',
      AZN: '₼1,234.50',
      CAD: 'CA$1,234.50',
    };
    const ru = { USD: '$', EUR: '€', KZT: '₸', UAH: '₴', RUB: '₽', AZN: '₼', CAD: 'CA$' };
    for (const [fiat, text] of Object.entries(en)) expect(formatFiat('1234.5', fiat, 'en')).toBe(text);
    for (const [fiat, symbol] of Object.entries(ru))
      expect(formatFiat('1234.5', fiat, 'ru')).toBe(`1${NB}234,50${NB}${symbol}`);
    for (const [fiat, symbol] of Object.entries(ru)) expect(fiatSymbol(fiat, 'en')).toBe(symbol);
  });

  it('formats a negative change with its sign', () => {
    expect(formatFiat('-12.3', 'USD', 'en')).toBe('-$12.30');
    expect(formatFiat('-12.3', 'EUR', 'ru')).toBe(`-12,30${NB}€`);
  });

  it('keeps big values exact and falls back to the code for a code Intl does not know', () => {
    expect(formatFiat('90071992547409930.99', 'USD', 'en')).toBe('$90,071,992,547,409,930.99');
    expect(formatFiat('12', 'X1', 'en')).toBe('12.00 X1');
    expect(fiatSymbol('X1', 'en')).toBe('X1');
  });
});

describe('fiat equivalents', () => {
  const rate = { fiat: 'USD', rate: 60000 };

  it('multiplies exactly and rounds half up to cents', () => {
    expect(fiatValue('0.5', rate)).toBe('30000.00');
    expect(fiatValue('0.123456789', rate)).toBe('7407.41');
    expect(formatFiatValue('0.5', rate, 'en')).toBe('$30,000.00');
    expect(formatFiatValue('0.5', { fiat: 'EUR', rate: 55184.92 }, 'ru')).toBe(`27${NB}592,46${NB}€`);
  });

  it('gives nothing (not "$0.00") without a rate or an amount', () => {
    expect(formatFiatValue('1', null, 'en')).toBeNull();
    expect(formatFiatValue('1', { fiat: 'USD', rate: 0 }, 'en')).toBeNull();
    expect(formatFiatValue('1', { fiat: 'USD', rate: Number.NaN }, 'en')).toBeNull();
    expect(formatFiatValue('', rate, 'en')).toBeNull();
    expect(formatFiatValue('1.', rate, 'en')).toBeNull();
  });
});

describe('assetDisplayName', () => {
  const coin = (currency: string, token: boolean, blockchain: string, network: string) => ({
    currency,
    token,
    blockchain,
    network,
  });

  it('names a token by ticker with its network, never the catalogue code', () => {
    expect(assetDisplayName(coin('USDT_TRX', true, 'Tron', 'tron'))).toEqual({
      unit: 'USDT',
      network: 'TRC-20',
      label: 'USDT TRC-20',
    });
    expect(assetDisplayName(coin('USDT_ETH', true, 'Ethereum', 'ethereum')).label).toBe('USDT ERC-20');
    expect(assetDisplayName(coin('FOO_X', true, 'Xnet', 'xnet')).label).toBe('FOO Xnet');
  });

  it('names a native coin by its ticker alone, and a native coin on another network with it', () => {
    expect(assetDisplayName(coin('BTC', false, 'Bitcoin', 'bitcoin'))).toEqual({
      unit: 'BTC',
      network: null,
      label: 'BTC',
    });
    expect(assetDisplayName(coin('BTC_LNG', false, 'Lightning', 'lightning')).label).toBe('BTC Lightning');
  });

  it('reads the code alone before the catalogue is loaded', () => {
    expect(assetDisplayName('USDT_TRX')).toEqual({ unit: 'USDT', network: 'TRC-20', label: 'USDT TRC-20' });
    expect(assetDisplayName('ETH').label).toBe('ETH');
    expect(assetUnit(null, 'USDT_TRX')).toBe('USDT');
  });
});

describe('formatPercent', () => {
  it('writes a percentage the way each language does', () => {
    expect(formatPercent('1', 'en')).toBe('1%');
    expect(formatPercent('1', 'ru')).toBe(`1${NB}%`);
    expect(formatPercent('0.75', 'en')).toBe('0.75%');
    expect(formatPercent('0.75', 'ru')).toBe(`0,75${NB}%`);
    expect(formatPercent('12.5', 'en')).toBe('12.5%');
    expect(formatPercent('100', 'en')).toBe('100%');
  });
});

describe('isShortened / formatCryptoNear', () => {
  it('says ≈ only when the round drops digits', () => {
    expect(isShortened('978.156803', usdt)).toBe(true);
    expect(isShortened('978.10', usdt)).toBe(false);
    expect(isShortened('0.00000001', btc)).toBe(false);
    expect(isShortened('1.5', null)).toBe(false);
    expect(formatCryptoNear('1.005', usdt, 'en')).toBe('≈ 1.01');
    expect(formatCryptoNear('1.005', usdt, 'ru')).toBe('≈ 1,01');
    expect(formatCryptoNear('1.5', usdt, 'en')).toBe('1.5');
  });
});
