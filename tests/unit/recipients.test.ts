import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../contracts/wallet';
import {
  checkRecipient,
  diffParts,
  knownAddresses,
  lookalikesOf,
  recentRecipients,
} from '../../machines/shared/recipients';

const PAID = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const POISON = 'TXYZq8mWv3nK2LpQrS7uB4cD1eF6gVkAeBf';
const row = (
  direction: 'WITHDRAWAL' | 'DEPOSIT',
  address: string,
  createdDate: string,
  more: Partial<Transaction> = {},
): Transaction => ({
  id: `${direction}-${createdDate}`,
  currency: 'USDT_TRX',
  direction,
  transactionType: direction,
  state: 'COMPLETED',
  amount: '1',
  createdDate,
  ...(direction === 'WITHDRAWAL' ? { to: address } : { from: address }),
  ...more,
});

describe('known addresses of a network', () => {
  const history = [
    row('WITHDRAWAL', PAID, '2026-01-01T00:00:00Z'),
    row('DEPOSIT', POISON, '2026-01-02T00:00:00Z', { amount: '0.000001' }),
    row('DEPOSIT', 'TMyOwnDepositAddress1111111111111', '2026-01-03T00:00:00Z'),
    row('WITHDRAWAL', 'TFailedOnly11111111111111111111111', '2026-01-04T00:00:00Z', { state: 'FAILED' }),
    { ...row('WITHDRAWAL', '', '2026-01-05T00:00:00Z'), transactionType: 'EXCHANGE' as const },
  ];
  const book = [
    { id: 'b1', name: 'Ann', blockchain: 'Tron', address: PAID },
    { id: 'b2', name: 'Bob', blockchain: 'Bitcoin', address: 'bc1qbob' },
  ];
  const known = knownAddresses(history, book, 'Tron', ['TMyOwnDepositAddress1111111111111']);

  it('keeps external counterparties once, names saved ones and leaves out own addresses, swaps and other networks', () => {
    expect(known.map((k) => [k.address, k.name, k.sentTo])).toEqual([
      ['TFailedOnly11111111111111111111111', null, false],
      [POISON, null, false],
      [PAID, 'Ann', true],
    ]);
  });
  it('a look-alike (same first and last four, another middle) of a paid address is flagged, even though it is in the history', () => {
    expect(lookalikesOf(POISON, known).map((k) => k.address)).toEqual([PAID]);
    expect(checkRecipient(POISON, known)).toEqual({ kind: 'lookalike', matches: [known[2]] });
    expect(checkRecipient(PAID, known)).toEqual({ kind: 'lookalike', matches: [known[1]] });
  });
  it('the same address is no look-alike; a known one is known, a new one a first send', () => {
    const clean = known.filter((k) => k.address !== POISON);
    expect(checkRecipient(` ${PAID} `, clean)).toEqual({ kind: 'known', entry: clean[1] });
    expect(checkRecipient('TNeverSeen2222222222222222222222222', clean)).toEqual({ kind: 'firstSend' });
    // Received from, or a failed send only: still a first send.
    expect(checkRecipient('TFailedOnly11111111111111111111111', clean).kind).toBe('firstSend');
  });
  it('only the first AND last four count; short strings never match', () => {
    expect(lookalikesOf('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBx', known)).toEqual([]);
    expect(lookalikesOf('AXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', known)).toEqual([]);
    expect(lookalikesOf('TXYZeBf', known)).toEqual([]);
  });
  it('bech32 and hex addresses compare without case', () => {
    const evm = knownAddresses(
      [row('WITHDRAWAL', '0xAbCd1111111111111111111111111111111Ef01', '2026-01-01T00:00:00Z')],
      [],
      'Ethereum',
    );
    expect(lookalikesOf('0xabcd1111111111111111111111111111111ef01', evm)).toEqual([]);
    expect(lookalikesOf('0xabcd2222222222222222222222222222222ef01', evm)).toHaveLength(1);
  });
});

describe('diff parts', () => {
  it('splits off the common start and end', () => {
    expect(diffParts(POISON, PAID)).toEqual({ head: 'TXYZ', middle: 'q8mWv3nK2LpQrS7uB4cD1eF6g', tail: 'VkAeBf' });
    expect(diffParts(PAID, POISON)).toEqual({ head: 'TXYZ', middle: 'opYRdj2D9XRtbG411XZZ3kM5', tail: 'VkAeBf' });
  });
  it('equal addresses have no middle', () =>
    expect(diffParts('abc', 'abc')).toEqual({ head: 'abc', middle: '', tail: '' }));
});

describe('recent recipients', () => {
  it('the last five distinct addresses sent to, newest first', () => {
    const history = Array.from({ length: 7 }, (_, i) =>
      row('WITHDRAWAL', `TAddr${i}xxxxxxxxxxxxxxxxxxxxxxxxxxx`, `2026-01-0${i + 1}T00:00:00Z`),
    );
    history.push(row('WITHDRAWAL', 'TAddr6xxxxxxxxxxxxxxxxxxxxxxxxxxx', '2026-01-01T12:00:00Z'));
    history.push(row('DEPOSIT', 'TIncomingOnlyxxxxxxxxxxxxxxxxxxxx', '2026-01-09T00:00:00Z'));
    const recent = recentRecipients(knownAddresses(history, [], 'Tron'));
    expect(recent.map((k) => k.address.slice(0, 6))).toEqual(['TAddr6', 'TAddr5', 'TAddr4', 'TAddr3', 'TAddr2']);
  });
});
