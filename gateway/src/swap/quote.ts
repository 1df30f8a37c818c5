import type { Config } from '../config.js';
import { invalid } from '../domain/errors.js';
import { formatAmount, parsePositiveAmount, USER_FRACTION_DIGITS } from '../wallet/amounts.js';
import { requireOfferedCoin } from '../wallet/catalogue.js';
import type { LiquidityProvider, PairTerms } from './provider.js';

export interface Quote {
  sourceCurrency: string;
  destinationCurrency: string;
  sourceAmount: bigint;
  destinationAmount: bigint;
  rate: string;
  terms: PairTerms;
  sourceDecimals: number;
  destinationDecimals: number;
}

/** The rate "123.45" as a fraction numerator / 10^scale, so every amount below is integer math. */
function rateFraction(rate: string): { num: bigint; den: bigint } {
  const [whole, fraction = ''] = rate.split('.');
  return { num: BigInt(whole! + fraction), den: 10n ** BigInt(fraction.length) };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export async function pairTerms(
  provider: LiquidityProvider,
  config: Pick<Config, 'production' | 'sandbox'>,
  source: string,
  destination: string,
) {
  const s = requireOfferedCoin(source, config);
  const d = requireOfferedCoin(destination, config);
  const terms = await provider.terms(s.currency, d.currency);
  if (!terms)
    throw invalid('UNSUPPORTED_PAIR', `Swapping ${source} to ${destination} is not available`, 'destinationCurrency');
  return { s, d, terms };
}

/**
 * From the source: destination = floor(source × rate) in its minor units. From the destination:
 * the smallest source (in steps people can type) whose floor reaches it, so quoting that source
 * again gives the same destination back.
 */
export async function quote(
  provider: LiquidityProvider,
  config: Pick<Config, 'production' | 'sandbox'>,
  input: {
    sourceCurrency: string;
    destinationCurrency: string;
    sourceAmount?: string | undefined;
    destinationAmount?: string | undefined;
  },
): Promise<Quote> {
  if ((input.sourceAmount === undefined) === (input.destinationAmount === undefined)) {
    throw invalid('INVALID_AMOUNT', 'Give exactly one of sourceAmount and destinationAmount', 'sourceAmount');
  }
  const { s, d, terms } = await pairTerms(provider, config, input.sourceCurrency, input.destinationCurrency);
  const { num, den } = rateFraction(terms.rate);
  if (num === 0n) throw invalid('UNSUPPORTED_PAIR', 'No price for this pair right now', 'destinationCurrency');
  const sUnit = 10n ** BigInt(s.decimals);
  const dUnit = 10n ** BigInt(d.decimals);
  const toDestination = (source: bigint) => (source * num * dUnit) / (den * sUnit);
  let sourceAmount: bigint;
  if (input.sourceAmount !== undefined) {
    sourceAmount = parsePositiveAmount(input.sourceAmount, {
      decimals: s.decimals,
      userInput: true,
      field: 'sourceAmount',
    });
  } else {
    const wanted = parsePositiveAmount(input.destinationAmount, {
      decimals: d.decimals,
      userInput: true,
      field: 'destinationAmount',
    });
    const step = 10n ** BigInt(Math.max(0, s.decimals - USER_FRACTION_DIGITS));
    sourceAmount = ceilDiv(ceilDiv(wanted * den * sUnit, num * dUnit), step) * step;
  }
  return {
    sourceCurrency: s.currency,
    destinationCurrency: d.currency,
    sourceAmount,
    destinationAmount: toDestination(sourceAmount),
    rate: terms.rate,
    terms,
    sourceDecimals: s.decimals,
    destinationDecimals: d.decimals,
  };
}

export function quoteView(q: Quote) {
  return {
    sourceAmount: formatAmount(q.sourceAmount, q.sourceDecimals),
    destinationAmount: formatAmount(q.destinationAmount, q.destinationDecimals),
    rate: q.rate,
    // The spread is the fee (issue 22): the app shows it against this, so it is said before confirming.
    ...(q.terms.midRate === undefined ? {} : { midRate: q.terms.midRate }),
    minLimit: formatAmount(q.terms.minLimit, q.sourceDecimals),
    maxLimit: formatAmount(q.terms.maxLimit, q.sourceDecimals),
  };
}

/** Orders must respect the pair's bounds; pre-calculate reports them and lets the app show the error. */
export function requireWithinLimits(q: Quote) {
  const fmt = (v: bigint) => formatAmount(v, q.sourceDecimals);
  if (q.sourceAmount < q.terms.minLimit)
    throw invalid(
      'SWAP_MIN_LIMIT',
      `Min amount limit is: ${fmt(q.terms.minLimit)} ${q.sourceCurrency}`,
      'sourceAmount',
    );
  if (q.sourceAmount > q.terms.maxLimit)
    throw invalid(
      'SWAP_MAX_LIMIT',
      `Max amount limit is: ${fmt(q.terms.maxLimit)} ${q.sourceCurrency}`,
      'sourceAmount',
    );
  if (q.destinationAmount <= 0n) throw invalid('INVALID_AMOUNT', 'The amount is too small to swap', 'sourceAmount');
}
