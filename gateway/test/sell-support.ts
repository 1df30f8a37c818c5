import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './support/app.js';
import type { WalletUser } from './wallet-support.js';
import { waitFor } from './withdraw-support.js';

/** Luhn-valid test cards: Sberbank MIR (payouts accepted) and T-Bank MIR (refused: only SBR). */
export const SBER_CARD = '2202200000000008';
export const SBER_VISA_CARD = '4276000000000009';
export const TBANK_CARD = '2200700000000009';

export const newKey = () => `sell-${randomBytes(12).toString('hex')}`;

export async function sellCall(
  t: TestApp,
  u: WalletUser,
  method: 'GET' | 'POST',
  path: string,
  body?: object | string,
  pincode?: string,
  account = u.account,
) {
  const res = await t.app.inject({
    method,
    url: `/b2c-wallet/c2f/${account}${path}`,
    ...(body !== undefined ? { payload: body } : {}),
    headers: {
      authorization: `Bearer ${u.token}`,
      ...(pincode !== undefined ? { pincode } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any, headers: res.headers };
}

export async function sellRate(t: TestApp, u: WalletUser, currency = 'USDT_TRX') {
  const res = await sellCall(t, u, 'POST', `/rate/RUB/${currency}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { rate: string; rateId: string; expiresAt: string };
}

export const byCard = (t: TestApp, u: WalletUser, body: Record<string, unknown>, pincode?: string) =>
  sellCall(
    t,
    u,
    'POST',
    '/order/byCard',
    {
      card: SBER_CARD,
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      bankCode: 'SBR',
      bankSystem: 'MIR',
      saveCard: false,
      idempotencyKey: newKey(),
      ...body,
    },
    pincode,
  );

export const bySavedCard = (t: TestApp, u: WalletUser, body: Record<string, unknown>, pincode?: string) =>
  sellCall(
    t,
    u,
    'POST',
    '/order/bySavedCard',
    {
      currency: 'USDT_TRX',
      fiatCurrency: 'RUB',
      fiatAmount: '1000',
      idempotencyKey: newKey(),
      ...body,
    },
    pincode,
  );

export const setPayouts = async (t: TestApp, patch: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/dev/sell/payouts', payload: patch });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

export async function orderOf(t: TestApp, u: WalletUser, id: string) {
  return (await sellCall(t, u, 'GET', `/order/${id}`)).body;
}

export const settledSell = (t: TestApp, u: WalletUser, id: string) =>
  waitFor(`sell ${id} settled`, async () => {
    const o = await orderOf(t, u, id);
    return o.state !== 'IN_PROGRESS' ? o : undefined;
  });

/** Every row of every table as text, to search for a card number. */
export async function dumpDatabase(t: TestApp): Promise<string> {
  const tables = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const rows = (await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`${name}\n${rows.rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** "1234.56" → 123456n with the given decimals. */
export const minor = (decimal: string, decimals: number) => {
  const [w, f = ''] = decimal.split('.');
  return BigInt(w! + f.padEnd(decimals, '0'));
};
