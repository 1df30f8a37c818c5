/** Issue 22: what a buy and a sale cost against the market price, exact (the reviews' fee line). */
import { buyFee } from '../../machines/shared/buy';
import { sellFee } from '../../machines/shared/sell';

describe('buyFee', () => {
  it('is the crypto the fiat would buy at the market price less what the quote gives, in fiat, and the spread', () => {
    expect(buyFee({ fiatAmount: '5000', cryptoAmount: '0.0008', rate: '6250000', midRate: '6000000' })).toEqual({
      crypto: '0.000033333333333333',
      fiat: '200',
      percent: '4.17',
    });
    // 1.5 % on top of 100 RUB a USDT: 10 000 RUB buy 98.52216748 USDT.
    expect(buyFee({ fiatAmount: '10000', cryptoAmount: '98.52216748', rate: '101.5', midRate: '100' })).toEqual({
      crypto: '1.47783252',
      fiat: '147.783252',
      percent: '1.5',
    });
  });
  it('is unknown without the market price', () => {
    expect(buyFee({ fiatAmount: '5000', cryptoAmount: '0.0008', rate: '6250000' })).toBeNull();
    expect(buyFee({ fiatAmount: '5000', cryptoAmount: '0.0008', rate: '6250000', midRate: '0' })).toBeNull();
  });
});

describe('sellFee', () => {
  it("is the amount's worth at the market price less what the card gets, in the coin, and the spread", () => {
    expect(sellFee({ amount: '50', fiatAmount: '5000.00', rate: '100', midRate: '101.01' })).toEqual({
      fiat: '50.5',
      // 50.5 ÷ 101.01, and 1.01 ÷ 101.01 = 0.9999 % (2 decimals: 1).
      crypto: '0.49995049995049995',
      percent: '1',
    });
  });
  it('is unknown without the market price or an amount', () => {
    expect(sellFee({ amount: '50', fiatAmount: '5000', rate: '100', midRate: null })).toBeNull();
    expect(sellFee({ amount: '0', fiatAmount: '0', rate: '100', midRate: '101' })).toBeNull();
  });
});
