/** The buy machines write out the contract's limits and quote validity (so the buy screens load no schemas): they must agree. */
import * as contract from '../../contracts/buy';
import { BUY_LIMITS, QUOTE_VALIDITY_SECONDS } from '../../machines/shared/buy';

describe('card buy constants agree with contracts/buy.ts', () => {
  it('limits and quote validity', () => {
    expect(BUY_LIMITS).toEqual({
      [contract.BUY_LIMIT_CURRENCY]: { min: contract.BUY_MIN_FIAT, max: contract.BUY_MAX_FIAT },
    });
    expect(QUOTE_VALIDITY_SECONDS).toBe(contract.BUY_QUOTE_VALIDITY_SECONDS);
  });
});
