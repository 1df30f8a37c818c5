import { describe, expect, it } from 'vitest';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { createSandboxLiquidity } from '../src/swap/sandbox/provider.js';
import { findCoin } from '../src/wallet/catalogue.js';

/**
 * The provider contract says execute is idempotent on the order id; the confirm relies on it since a
 * refusal is recorded after its attempt rolled back (swap/confirm.ts), so a confirm queued behind it
 * may ask again. The sandbox keeps that promise: the same order gets the same answer, and
 * failNextSwaps counts orders, not asks.
 */
const order = (id: string) => ({
  id,
  sourceCurrency: 'BTC',
  destinationCurrency: 'USDT_TRX',
  sourceAmount: 100_000n,
  destinationAmount: 50_000_000n,
});

describe('the sandbox liquidity provider', () => {
  const rates = createSandboxRateProvider({
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    parentOf: (c) => findCoin(c)?.parent,
  });

  it('answers the same order the same way however often it is asked', async () => {
    const provider = createSandboxLiquidity(rates);
    provider.setBehaviour({ failNextSwaps: 1 });
    expect(await provider.execute(order('a'))).toMatchObject({ ok: false });
    expect(await provider.execute(order('a'))).toMatchObject({ ok: false });
    expect(provider.behaviour().failNextSwaps).toBe(0);
    expect(await provider.execute(order('b'))).toEqual({ ok: true });
    expect(await provider.execute(order('a'))).toMatchObject({ ok: false });
  });

  it('gives an asynchronous order the same reference when asked again', async () => {
    const provider = createSandboxLiquidity(rates);
    provider.setBehaviour({ settleAfterMs: 1000 });
    const first = await provider.execute(order('c'));
    expect(first).toMatchObject({ pending: true, ref: expect.any(String) });
    expect(await provider.execute(order('c'))).toEqual(first);
  });
});
