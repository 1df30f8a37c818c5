import type { RateProvider } from '../../rates/provider.js';
import { COINS, findCoin } from '../../wallet/catalogue.js';
import type { ExecutionResult, LiquidityProvider, PairTerms, SettlementStatus, SwapPair } from '../provider.js';

/** Source-amount bounds per parent coin (whole units, decimal strings): the sandbox's per-pair limits. */
export const SANDBOX_SWAP_LIMITS: Readonly<Record<string, readonly [string, string]>> = {
  BTC: ['0.0001', '2'],
  ETH: ['0.003', '50'],
  USDT: ['10', '100000'],
  TRX: ['40', '400000'],
  TON: ['2', '20000'],
  LTC: ['0.1', '1000'],
  DOGE: ['25', '250000'],
};

/** Buying DOGE is only offered from USDT: one-way pairs, so the app's swap-sides rule has work to do. */
const buyOnlyFrom: Readonly<Record<string, readonly string[]>> = { DOGE: ['USDT'] };

export const RATE_DECIMALS = 12;
/** How many orders' answers execute remembers (its idempotency on the order id). */
const ANSWERS_KEPT = 10_000;

export interface SandboxLiquidityBehaviour {
  /** Spread taken from the market price, in basis points (100 = 1 %). */
  spreadBps: number;
  /** Refuse this many of the next settlements (the order ends FAILED, nothing moves). */
  failNextSwaps: number;
  /**
   * 0: settle at confirm. Above 0: settle asynchronously this many milliseconds after confirm, the
   * source on hold meanwhile (a refusal from failNextSwaps then arrives late too).
   */
  settleAfterMs: number;
}

export interface SandboxLiquidity extends LiquidityProvider {
  behaviour(): SandboxLiquidityBehaviour;
  setBehaviour(patch: Partial<SandboxLiquidityBehaviour>): SandboxLiquidityBehaviour;
}

function toMinor(decimal: string, decimals: number): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole! + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** A float price fixed once to RATE_DECIMALS digits; everything after this is exact integer math. */
function scaledRate(value: number): bigint {
  return toMinor(Number(value.toPrecision(10)).toFixed(RATE_DECIMALS), RATE_DECIMALS);
}

function formatScaled(v: bigint): string {
  const digits = v.toString().padStart(RATE_DECIMALS + 1, '0');
  const fraction = digits.slice(-RATE_DECIMALS).replace(/0+$/, '');
  return digits.slice(0, -RATE_DECIMALS) + (fraction ? `.${fraction}` : '');
}

const REFUSED = 'The sandbox liquidity provider refused the swap (failNextSwaps)';

/**
 * The sandbox keeps no book of its own: its reference for an asynchronous order carries when it
 * settles and how, so a restarted gateway (which forgets the in-memory switches) can still poll it.
 */
const asyncRef = (dueAtMs: number, ok: boolean) => `sandbox:${dueAtMs}:${ok ? 'ok' : 'refuse'}`;

export function statusOf(ref: string, nowMs: number): SettlementStatus {
  const m = /^sandbox:(\d+):(ok|refuse)$/.exec(ref);
  if (!m) return { ok: false, reason: `Unknown sandbox settlement ${ref}` };
  if (nowMs < Number(m[1])) return { pending: true };
  return m[2] === 'ok' ? { ok: true } : { ok: false, reason: REFUSED };
}

/**
 * A pretend market maker: the rate provider's prices less a visible spread, fixed limits per source
 * coin, every pair of priced active coins except the one-way ones above. State is in memory.
 */
export function createSandboxLiquidity(rates: RateProvider): SandboxLiquidity {
  const state: SandboxLiquidityBehaviour = { spreadBps: 100, failNextSwaps: 0, settleAfterMs: 0 };
  const answered = new Map<string, ExecutionResult>();
  const traded = (source: string, destination: string) => {
    const s = findCoin(source);
    const d = findCoin(destination);
    if (!s || !d || !s.active || !d.active || source === destination) return false;
    if (!SANDBOX_SWAP_LIMITS[s.parent] || !SANDBOX_SWAP_LIMITS[d.parent]) return false;
    const only = buyOnlyFrom[d.parent];
    return !only || only.includes(s.parent);
  };
  return {
    name: 'sandbox',
    async pairs(currencies) {
      const known = currencies.filter((c) => COINS.some((coin) => coin.currency === c));
      const out: SwapPair[] = [];
      for (const sourceCurrency of known) {
        for (const destinationCurrency of known) {
          if (traded(sourceCurrency, destinationCurrency)) out.push({ sourceCurrency, destinationCurrency });
        }
      }
      return out;
    },
    async terms(source, destination): Promise<PairTerms | undefined> {
      if (!traded(source, destination)) return undefined;
      const prices = await rates.usdPrices([source, destination]);
      const ps = prices.get(source);
      const pd = prices.get(destination);
      if (!ps || !pd) return undefined;
      const market = scaledRate(ps / pd);
      const rate = (market * BigInt(10_000 - state.spreadBps)) / 10_000n;
      const coin = findCoin(source)!;
      const [min, max] = SANDBOX_SWAP_LIMITS[coin.parent]!;
      return {
        rate: formatScaled(rate),
        midRate: formatScaled(market),
        minLimit: toMinor(min, coin.decimals),
        maxLimit: toMinor(max, coin.decimals),
      };
    },
    settlesAsynchronously: () => state.settleAfterMs > 0,
    async execute(order) {
      // Idempotent on the order id, as the contract says: a confirm that asks again after a refusal
      // rolled back (swap/confirm.ts) gets the same answer, and failNextSwaps counts orders, not asks.
      const earlier = answered.get(order.id);
      if (earlier) return earlier;
      const refuse = state.failNextSwaps > 0;
      if (refuse) state.failNextSwaps -= 1;
      const result: ExecutionResult =
        state.settleAfterMs > 0
          ? { pending: true, ref: asyncRef(Date.now() + state.settleAfterMs, !refuse) }
          : refuse
            ? { ok: false, reason: REFUSED }
            : { ok: true };
      answered.set(order.id, result);
      // The oldest answers go first: a confirm asks again within moments, never days later.
      if (answered.size > ANSWERS_KEPT) answered.delete(answered.keys().next().value!);
      return result;
    },
    async status(ref) {
      return statusOf(ref, Date.now());
    },
    behaviour: () => ({ ...state }),
    setBehaviour(patch) {
      Object.assign(state, patch);
      return { ...state };
    },
  };
}
