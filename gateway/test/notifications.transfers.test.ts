import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { json } from './support/flows.js';
import { addAsset, fund } from './wallet-support.js';
import { newKey, send } from './withdraw-support.js';
import { ALL_ON, linkedUser, messagesTo, settled, sleep } from './notifications-support.js';

/**
 * Transfers between wallet users (issue 24): an internal send settles at once with no fee, and both sides
 * are told through the outbox in the transfer's own transaction: the sender "sent", the recipient
 * "received", each with a button to their own history row.
 */
let t: TestApp;
// Tests given 90 s make linked users (sign-up, link, its notice settled) or 21 sign-ins: on the shared
// 2-core machine under load that passed 30 s with nothing wrong.

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFY_POLL_MS: '20' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = { event: string; user_id: string; data: Record<string, string> };
const outbox = async (...refs: string[]) =>
  (
    (await t.db.execute(
      sql`select event, user_id, data from notifications where ref in (${sql.join(
        refs.map((r) => sql`${r}`),
        sql`, `,
      )}) order by event`,
    )) as unknown as { rows: Row[] }
  ).rows;

describe('an internal transfer', () => {
  it('tells the sender "sent" and the recipient "received", exactly once each, by bot and e-mail', async () => {
    const alice = await linkedUser(t, ALL_ON);
    const bob = await linkedUser(t, ALL_ON);
    await fund(t, alice, 'BTC', 1_000_000n);
    const bobBtc = (await addAsset(t, bob, 'BTC')).depositAddress!;
    const key = newKey();
    const res = await send(t, alice, {
      currency: 'BTC',
      amount: '0.00123',
      depositAddress: bobBtc,
      idempotencyKey: key,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ state: 'COMPLETED', kind: 'INTERNAL', fee: '0' });
    const withdrawalId = res.body.id as string;
    const sentRow = res.body.transaction.id as string;

    // Committed with the transfer: both rows are there as soon as the answer is.
    const { rows: received } = (await t.db.execute(sql`select id from wallet_transactions
        where account_id = ${bob.account}::uuid and direction = 'DEPOSIT' and state = 'COMPLETED'`)) as unknown as {
      rows: { id: string }[];
    };
    expect(received).toHaveLength(1);
    const receivedRow = received[0]!.id;
    expect(await outbox(withdrawalId, receivedRow)).toEqual([
      {
        event: 'deposit.credited',
        user_id: bob.id,
        data: { transactionId: receivedRow, transactionType: 'DEPOSIT', currency: 'BTC', amountMinor: '123000' },
      },
      {
        event: 'send.completed',
        user_id: alice.id,
        data: { transactionId: sentRow, transactionType: 'WITHDRAWAL', currency: 'BTC', amountMinor: '123000' },
      },
    ]);

    // A replay of the same request is the same transfer: nothing more is told.
    const replay = await send(t, alice, {
      currency: 'BTC',
      amount: '0.00123',
      depositAddress: bobBtc,
      idempotencyKey: key,
    });
    expect(replay.status).toBe(200);
    expect(await outbox(withdrawalId, receivedRow)).toHaveLength(2);

    const sentOutcome = await settled(t, withdrawalId);
    const receivedOutcome = await settled(t, receivedRow);
    expect(sentOutcome).toEqual([{ event: 'send.completed', telegram_outcome: 'sent', email_outcome: 'sent' }]);
    expect(receivedOutcome).toEqual([{ event: 'deposit.credited', telegram_outcome: 'sent', email_outcome: 'sent' }]);
    await sleep(100);
    // Alice's own funding deposit is told too; these are the transfer's.
    const about = (m: { text: string }) => m.text.includes('0.00123');
    const aliceMessages = (await messagesTo(t, alice.chatId)).filter(about);
    const bobMessages = (await messagesTo(t, bob.chatId)).filter(about);
    expect(aliceMessages.map((m) => m.text)).toEqual(['Sent: 0.00123 Bitcoin.']);
    expect(bobMessages.map((m) => m.text)).toEqual(['You received 0.00123 Bitcoin.']);
    expect(bobMessages[0]!.reply_markup!.inline_keyboard[0]![0]!.web_app!.url).toContain(
      `tgWebAppStartParam=tx-BTC-DEPOSIT-${receivedRow}`,
    );
    expect(aliceMessages[0]!.reply_markup!.inline_keyboard[0]![0]!.web_app!.url).toContain(
      `tgWebAppStartParam=tx-BTC-WITHDRAWAL-${sentRow}`,
    );
    const mails = async (email: string) =>
      (await json<{ text: string }[]>(t, 'GET', `/dev/mail?to=${encodeURIComponent(email)}`)).body;
    expect((await mails(alice.email)).filter(about).map((m) => m.text.split('\n')[0])).toEqual([
      'Sent: 0.00123 Bitcoin.',
    ]);
    expect((await mails(bob.email)).filter(about).map((m) => m.text.split('\n')[0])).toEqual([
      'You received 0.00123 Bitcoin.',
    ]);
  }, 90000);

  it('refused for want of funds: no transfer and nobody told (the notices roll back with it)', async () => {
    const carol = await linkedUser(t, ALL_ON);
    const dave = await linkedUser(t, ALL_ON);
    await fund(t, carol, 'BTC', 1_000n);
    const daveBtc = (await addAsset(t, dave, 'BTC')).depositAddress!;
    const res = await send(t, carol, {
      currency: 'BTC',
      amount: '1',
      depositAddress: daveBtc,
      idempotencyKey: newKey(),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NOT_ENOUGH_FUNDS');
    const { rows } = (await t.db.execute(sql`select count(*)::int as n from notifications
        where user_id in (${carol.id}::uuid, ${dave.id}::uuid) and event in ('send.completed', 'deposit.credited')`)) as unknown as {
      rows: { n: number }[];
    };
    // Carol's own funding deposit is told; nothing about the refused transfer.
    expect(rows[0]!.n).toBe(1);
  }, 90000);
});
