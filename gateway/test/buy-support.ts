import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import { PUBLIC_URL } from './support/app.js';
import { addAsset, assets, call, type WalletUser } from './wallet-support.js';

export const newKey = () => randomUUID();

export async function buyCall(t: TestApp, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await t.app.inject({ method, url: `/b2c-wallet${path}`, ...(body ? { payload: body } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any, headers: res.headers };
}

/** The user's deposit address for a coin (the asset is added if needed). */
export async function addressOf(t: TestApp, u: WalletUser, currency: string): Promise<string> {
  const asset = (await assets(t, u)).find((a) => a.currency === currency) ?? (await addAsset(t, u, currency));
  return asset.depositAddress!;
}

export async function quote(
  t: TestApp,
  body: { externalId: string; currency: string; geoId?: string; fiatAmount?: string; cryptoAmount?: string },
) {
  return buyCall(t, 'POST', '/b2c/rate', { geoId: 'RU', ...body });
}

/** A quote that must succeed: its first element. */
export async function quoteOk(t: TestApp, body: Parameters<typeof quote>[1]) {
  const res = await quote(t, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[0] as {
    fiatAmount: string;
    cryptoAmount: string;
    fixedRateId: string;
    fiatSettingsItemId: string;
    midRate: string;
    fiatCurrency: string;
    rate: string;
    validSeconds: number;
  };
}

export async function buyOrder(t: TestApp, body: Record<string, unknown>) {
  return buyCall(t, 'POST', '/b2c/order', {
    fiatCurrency: 'RUB',
    fiatSettingsItemId: 'sandbox-card-rub',
    idempotencyKey: newKey(),
    ...body,
  });
}

/** Quote and order in one go, from a fiat amount. */
export async function orderFor(t: TestApp, address: string, currency: string, fiatAmount: string) {
  const q = await quoteOk(t, { externalId: address, currency, fiatAmount });
  const res = await buyOrder(t, { depositAddress: address, rateId: q.fixedRateId, amountInFiat: fiatAmount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { url: string; orderId: string; order: Record<string, unknown> };
}

export const pagePath = (url: string) => url.slice(PUBLIC_URL.length);

export async function submitForm(t: TestApp, path: string, fields: Record<string, string>, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `${path}?lang=${lang}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

export const CARD = { expiry: '12/34', cvc: '123', holder: 'ALICE EXAMPLE' };

export async function pay(t: TestApp, url: string, number: string) {
  return submitForm(t, pagePath(url), { number, ...CARD });
}

export async function status(t: TestApp, orderId: string) {
  const res = await buyCall(t, 'GET', `/b2c/order/${orderId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    state: string;
    failureReason: string | null;
    transactionId: string | null;
    cryptoAmount: string;
    fiatAmount: string;
    rate: string;
    paymentUrl: string | null;
  };
}

export { call };

import { createSandboxAcquirer, type SandboxAcquirer } from '../src/buy/sandbox/acquirer.js';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp } from './support/app.js';

export interface BuyTestApp {
  t: TestApp;
  acquirer: SandboxAcquirer;
  clock: { ms: number };
}

/**
 * A gateway whose buy rates and orders expire by a clock the test moves, with prices frozen (quotes
 * made ms apart compare exactly) and a sandbox acquirer whose final callbacks wait `delayMs` (an hour:
 * until settleNow()).
 */
export async function createBuyTestApp(delayMs = 3_600_000): Promise<BuyTestApp> {
  const clock = { ms: Date.parse('2026-03-01T10:00:00Z') };
  const now = () => new Date(clock.ms);
  const rates = createSandboxRateProvider({
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    parentOf: (c) => findCoin(c)?.parent,
  });
  const acquirer = createSandboxAcquirer({ publicUrl: PUBLIC_URL, delayMs, now });
  const t = await createTestApp({ rates, acquirer, buyClock: now });
  return { t, acquirer, clock };
}
