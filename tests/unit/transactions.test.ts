/** Spec §3/§4 transaction classes and titles, §9 shortened addresses, history day groups. */
import { DateTime } from 'luxon';
import { i18n } from '@lingui/core';
import { shortenAddress } from '../../machines/shared/address';
import {
  amountTone,
  classify,
  confirmationsOf,
  exactAmount,
  feeLine,
  isIncoming,
  phaseOf,
  signedAmount,
  titleOf,
  toneOf,
} from '../../machines/shared/transactions';
import type { Transaction, TransactionState, TransactionType } from '../../src/api/wallet';
import { groupByDay } from '../../src/features/asset/groups';
import { titleMessages } from '../../src/features/asset/messages';
import { formatDateTime, networkName } from '../../src/features/asset/network';
import { assetDisplayName } from '../../src/i18n/assetName';

const tx = (
  transactionType: TransactionType,
  state: TransactionState,
  more: Partial<Transaction> = {},
): Transaction => ({
  id: `${transactionType}-${state}`,
  currency: 'BTC',
  direction: transactionType === 'WITHDRAWAL' || transactionType === 'C2F' ? 'WITHDRAWAL' : 'DEPOSIT',
  transactionType,
  state,
  amount: '0.50000000',
  createdDate: '2026-03-03T10:00:00Z',
  ...more,
});

describe('transaction titles (spec §4)', () => {
  const cases: Array<[TransactionType, TransactionState, string]> = [
    ['DEPOSIT', 'COMPLETED', 'Received'],
    ['DEPOSIT', 'IN_PROGRESS', 'Receiving'],
    ['DEPOSIT', 'FAILED', 'Failed to receive'],
    ['WITHDRAWAL', 'COMPLETED', 'Sent'],
    ['WITHDRAWAL', 'IN_PROGRESS', 'Sending'],
    ['WITHDRAWAL', 'FAILED', 'Failed to send'],
    ['EXCHANGE', 'COMPLETED', 'Swapped'],
    ['EXCHANGE', 'IN_PROGRESS', 'Swapping'],
    ['EXCHANGE', 'FAILED', 'Failed to swap'],
    ['C2F', 'COMPLETED', 'Sold'],
    ['C2F', 'IN_PROGRESS', 'Selling'],
    ['C2F', 'FAILED', 'Failed to sell'],
    // Spec §3: a card buy is F2C, and reads as a buy, not as money received.
    ['F2C', 'COMPLETED', 'Bought'],
    ['F2C', 'IN_PROGRESS', 'Buying'],
    ['F2C', 'FAILED', 'Failed to buy'],
  ];
  it.each(cases)('%s %s reads "%s"', (type, state, title) => {
    expect(i18n._(titleMessages[titleOf(tx(type, state))])).toBe(title);
  });

  it('classes by type, unknown types by direction', () => {
    expect(classify(tx('DEPOSIT', 'COMPLETED'))).toBe('received');
    expect(classify(tx('WITHDRAWAL', 'COMPLETED'))).toBe('sent');
    expect(classify(tx('EXCHANGE', 'COMPLETED'))).toBe('swapped');
    expect(classify(tx('C2F', 'COMPLETED'))).toBe('sold');
    expect(classify(tx('F2C', 'COMPLETED'))).toBe('bought');
    expect(classify({ transactionType: 'OTHER' as TransactionType, direction: 'WITHDRAWAL' })).toBe('sent');
    expect(classify({ transactionType: 'OTHER' as TransactionType, direction: 'DEPOSIT' })).toBe('received');
  });

  it('IN_PROGRESS is the pending phase', () => {
    expect(phaseOf('IN_PROGRESS')).toBe('pending');
    expect(phaseOf('COMPLETED')).toBe('completed');
    expect(phaseOf('FAILED')).toBe('failed');
  });

  it('only a failed card sale (C2F) has the error style', () => {
    expect(toneOf(tx('C2F', 'FAILED'))).toBe('error');
    for (const state of ['COMPLETED', 'IN_PROGRESS'] as const) expect(toneOf(tx('C2F', state))).toBe('default');
    for (const type of ['DEPOSIT', 'WITHDRAWAL', 'EXCHANGE'] as const)
      expect(toneOf(tx(type, 'FAILED'))).toBe('default');
  });
});

describe('fee line of the details', () => {
  it('a failed send or sale charged nothing, whatever fee came back', () => {
    expect(feeLine(tx('WITHDRAWAL', 'FAILED', { fee: '0.00012' }))).toEqual({ kind: 'none' });
    expect(feeLine(tx('C2F', 'FAILED'))).toEqual({ kind: 'none' });
  });

  it('otherwise the fee when there is one, nothing for zero or none', () => {
    expect(feeLine(tx('WITHDRAWAL', 'COMPLETED', { fee: '0.00012' }))).toEqual({ kind: 'charged', fee: '0.00012' });
    expect(feeLine(tx('WITHDRAWAL', 'IN_PROGRESS', { fee: '0.000' }))).toBeNull();
    expect(feeLine(tx('DEPOSIT', 'FAILED', { fee: null }))).toBeNull();
  });
});

describe('signed amounts', () => {
  it('"+" for money in, "−" for money out, in the asset round with zeros trimmed, rounded with "≈"', () => {
    expect(signedAmount(tx('DEPOSIT', 'COMPLETED'), 8)).toBe('+0.5');
    expect(signedAmount(tx('WITHDRAWAL', 'COMPLETED', { amount: '1.23456789' }), 4)).toBe('≈ −1.2346');
    // Issue 22: the swap credited 978.156803 USDT; history read +978.15 (cut). Rounded, and said so.
    expect(signedAmount(tx('EXCHANGE', 'COMPLETED', { currency: 'USDT_TRX', amount: '978.156803' }), 2)).toBe(
      '≈ +978.16',
    );
    expect(signedAmount(tx('F2C', 'COMPLETED', { amount: '103.03469' }), 2)).toBe('≈ +103.03');
    expect(signedAmount(tx('F2C', 'COMPLETED', { amount: '103.030000' }), 2)).toBe('+103.03');
    expect(exactAmount(tx('F2C', 'COMPLETED', { amount: '103.034690' }), 2)).toBe('103.03469');
    expect(exactAmount(tx('F2C', 'COMPLETED', { amount: '103.030000' }), 2)).toBeNull();
    expect(signedAmount(tx('C2F', 'COMPLETED', { amount: '10' }), 2)).toBe('−10');
    expect(signedAmount(tx('EXCHANGE', 'COMPLETED', { direction: 'DEPOSIT' }), 8)).toBe('+0.5');
    expect(signedAmount(tx('EXCHANGE', 'COMPLETED', { direction: 'WITHDRAWAL' }), 8)).toBe('−0.5');
    expect(isIncoming(tx('F2C', 'COMPLETED'))).toBe(true);
    expect(signedAmount(tx('F2C', 'COMPLETED', { amount: '0.00041849' }), 8)).toBe('+0.00041849');
  });
  it('a failed transaction moved nothing: no sign, neither green nor red', () => {
    // Issue 22: "Failed to receive +0.00041849 BTC" in green; a failed sale "−15 USDT".
    expect(signedAmount(tx('F2C', 'FAILED', { amount: '0.00041849' }), 8)).toBe('0.00041849');
    expect(signedAmount(tx('C2F', 'FAILED', { amount: '15' }), 2)).toBe('15');
    expect(signedAmount(tx('WITHDRAWAL', 'FAILED', { amount: '0.1' }), 8)).toBe('0.1');
    expect(signedAmount(tx('DEPOSIT', 'FAILED'), 8)).toBe('0.5');
    expect(amountTone(tx('F2C', 'FAILED'))).toBe('neutral');
    expect(amountTone(tx('C2F', 'FAILED'))).toBe('neutral');
    expect(amountTone(tx('F2C', 'COMPLETED'))).toBe('in');
    expect(amountTone(tx('F2C', 'IN_PROGRESS'))).toBe('in');
    expect(amountTone(tx('C2F', 'IN_PROGRESS'))).toBe('out');
  });
  it('without a catalogue entry the raw amount is trimmed; a signed server amount is not doubled', () => {
    expect(signedAmount(tx('DEPOSIT', 'COMPLETED', { amount: '2.5000' }), null)).toBe('+2.5');
    expect(signedAmount(tx('WITHDRAWAL', 'COMPLETED', { amount: '-2.5' }), 8)).toBe('−2.5');
  });
  it('confirmations "done of required" only while in progress', () => {
    expect(confirmationsOf(tx('DEPOSIT', 'IN_PROGRESS', { confirmations: 2, requiredConfirmations: 3 }))).toEqual({
      done: 2,
      required: 3,
    });
    expect(confirmationsOf(tx('DEPOSIT', 'IN_PROGRESS', { confirmations: 5, requiredConfirmations: 3 }))).toEqual({
      done: 3,
      required: 3,
    });
    expect(confirmationsOf(tx('DEPOSIT', 'COMPLETED', { confirmations: 3, requiredConfirmations: 3 }))).toBeNull();
    expect(confirmationsOf(tx('DEPOSIT', 'IN_PROGRESS'))).toBeNull();
  });
});

describe('shortened addresses (spec §9)', () => {
  const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
  it('keeps 12 or 15 characters around an ellipsis', () => {
    expect(shortenAddress(btc)).toBe('bc1qar…wf5mdq');
    expect(shortenAddress(btc, 12).replace('…', '')).toHaveLength(12);
    expect(shortenAddress(btc, 15)).toBe('bc1qar0s…zwf5mdq');
    expect(shortenAddress(btc, 15).replace('…', '')).toHaveLength(15);
  });
  it('leaves short values whole (shortening must save something)', () => {
    expect(shortenAddress('0x1234567890123', 15)).toBe('0x1234567890123');
    expect(shortenAddress('abcdefghijklm')).toBe('abcdefghijklm');
    expect(shortenAddress('abcdefghijklmn')).toBe('abcdef…ijklmn');
    expect(shortenAddress('  TXYZ  ')).toBe('TXYZ');
  });
});

describe('history day groups (spec §9)', () => {
  const now = DateTime.fromISO('2026-03-03T12:00:00', { zone: 'Europe/Moscow' });
  const at = (iso: string, id: string) => tx('DEPOSIT', 'COMPLETED', { id, createdDate: iso });
  it('Today, Yesterday, then DD/MM/YY, keeping the server order', () => {
    const groups = groupByDay(
      [
        at('2026-03-03T09:00:00+03:00', 'a'),
        at('2026-03-03T00:30:00+03:00', 'b'),
        at('2026-03-02T23:30:00+03:00', 'c'),
        at('2026-02-27T10:00:00+03:00', 'd'),
        at('2026-02-27T08:00:00+03:00', 'e'),
      ],
      now,
    );
    expect(
      groups.map((g) => [g.day.kind === 'date' ? g.day.text : g.day.kind, g.transactions.map((t) => t.id).join('')]),
    ).toEqual([
      ['today', 'ab'],
      ['yesterday', 'c'],
      ['27/02/26', 'de'],
    ]);
  });
});

describe('network warning labels', () => {
  const coin = (currency: string, token: boolean, blockchain: string, network: string) => ({
    currency,
    token,
    blockchain,
    network,
  });
  it('names tokens with their standard', () => {
    expect(assetDisplayName(coin('USDT_TRX', true, 'Tron', 'tron')).label).toBe('USDT TRC-20');
    expect(assetDisplayName(coin('USDT_ETH', true, 'Ethereum', 'ethereum')).label).toBe('USDT ERC-20');
    expect(assetDisplayName(coin('BTC', false, 'Bitcoin', 'bitcoin')).label).toBe('BTC');
    expect(assetDisplayName(coin('FOO_X', true, 'Xnet', 'xnet')).label).toBe('FOO Xnet');
    expect(networkName({ blockchain: 'Tron', network: 'tron' })).toBe('Tron');
  });
});

describe('transaction dates', () => {
  it('are localised in both languages', () => {
    const iso = '2026-03-03T11:00:00Z';
    const local = DateTime.fromISO(iso);
    expect(formatDateTime(iso, 'en')).toContain('Mar 3, 2026');
    expect(formatDateTime(iso, 'ru')).toContain('2026');
    expect(formatDateTime(iso, 'ru')).toContain('мар');
    expect(formatDateTime(iso, 'en')).toContain(local.toFormat('h:mm'));
  });
});
