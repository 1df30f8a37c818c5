import type { AddressBookEntry } from '../../contracts/addressBook';
import type { Transaction } from '../../contracts/wallet';
import { sameChain } from './addressPatterns';

/**
 * Addresses the user has dealt with on one network: from the histories of the assets on it and the
 * address book. Address poisoning (dust sent from a look-alike of an address the user pays, so that
 * the look-alike sits in the history to be copied) is caught by comparing a new recipient with these.
 */
export type KnownAddress = {
  address: string;
  /** The address-book name, when saved. */
  name: string | null;
  /** The user has sent to it before (a withdrawal row), or saved it: a send to it is not a first one. */
  sentTo: boolean;
  /** Newest row with it (ISO date); null for an address-book entry never used. */
  lastAt: string | null;
  /** Newest send to it (ISO date), for the recent recipients. */
  lastSentAt: string | null;
};

/** How many characters at each end people compare by eye (and look-alike generators match). */
export const ENDS = 4;

/** Case matters only for chains whose addresses are case-insensitive (EVM hex, bech32). */
const norm = (a: string) => (/^(0x[0-9a-f]+|(bc1|tb1|ltc1)[0-9a-z]+)$/i.test(a) ? a.toLowerCase() : a);

/** The counterparty of a history row: where a send went, where a deposit came from. */
const counterparty = (t: Transaction) =>
  (t.direction === 'WITHDRAWAL' ? (t.to ?? t.receiver) : (t.from ?? t.sender)) ?? null;

/**
 * Distinct external addresses of the histories (swaps and sales have no counterparty address) and
 * the book entries on `blockchain`, newest first; `own` are the user's deposit addresses.
 */
export function knownAddresses(
  history: Transaction[],
  book: AddressBookEntry[],
  blockchain: string,
  own: string[] = [],
): KnownAddress[] {
  const mine = new Set(own.map(norm));
  const byKey = new Map<string, KnownAddress>();
  const rows = history
    .filter((t) => t.transactionType === 'WITHDRAWAL' || t.transactionType === 'DEPOSIT')
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  for (const t of rows) {
    const address = counterparty(t)?.trim();
    if (!address || mine.has(norm(address))) continue;
    const key = norm(address);
    const seen = byKey.get(key);
    const sentTo = t.direction === 'WITHDRAWAL' && t.state !== 'FAILED';
    if (seen)
      Object.assign(seen, {
        sentTo: seen.sentTo || sentTo,
        lastSentAt: seen.lastSentAt ?? (sentTo ? t.createdDate : null),
      });
    else
      byKey.set(key, { address, name: null, sentTo, lastAt: t.createdDate, lastSentAt: sentTo ? t.createdDate : null });
  }
  for (const e of book.filter((b) => sameChain(b.blockchain, blockchain))) {
    const key = norm(e.address.trim());
    const seen = byKey.get(key);
    if (seen) Object.assign(seen, { name: seen.name ?? e.name, sentTo: true });
    else byKey.set(key, { address: e.address.trim(), name: e.name, sentTo: true, lastAt: null, lastSentAt: null });
  }
  return [...byKey.values()];
}

/** Known addresses with the same first and last four characters as `address` but another middle. */
export function lookalikesOf(address: string, known: KnownAddress[]): KnownAddress[] {
  const a = norm(address.trim());
  if (a.length < ENDS * 2 + 1) return [];
  return known.filter((k) => {
    const b = norm(k.address);
    return b !== a && b.slice(0, ENDS) === a.slice(0, ENDS) && b.slice(-ENDS) === a.slice(-ENDS);
  });
}

export type RecipientCheck =
  | { kind: 'lookalike'; matches: KnownAddress[] }
  | { kind: 'firstSend' }
  | { kind: 'known'; entry: KnownAddress };

/**
 * What the form and the review say about a recipient: a look-alike of a known address (strong
 * warning, Confirm needs the user's acknowledgement) wins over everything, even when the address
 * itself is in the history (the poisoner's dust put it there); else a first send, or a known one.
 */
export function checkRecipient(address: string, known: KnownAddress[]): RecipientCheck {
  const matches = lookalikesOf(address, known);
  if (matches.length) return { kind: 'lookalike', matches };
  const a = norm(address.trim());
  const entry = known.find((k) => norm(k.address) === a);
  return entry?.sentTo ? { kind: 'known', entry } : { kind: 'firstSend' };
}

/** Splits `address` into the part equal to `other` at the start, the differing middle and the equal end. */
export function diffParts(address: string, other: string): { head: string; middle: string; tail: string } {
  const a = address.trim();
  const b = other.trim();
  let start = 0;
  while (start < a.length && start < b.length && norm(a[start]!) === norm(b[start]!)) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    norm(a[a.length - 1 - end]!) === norm(b[b.length - 1 - end]!)
  )
    end++;
  return { head: a.slice(0, start), middle: a.slice(start, a.length - end), tail: a.slice(a.length - end) };
}

/** The last `limit` distinct addresses the user sent to (newest first), with their book names. */
export function recentRecipients(known: KnownAddress[], limit = 5): KnownAddress[] {
  return known
    .filter((k) => k.lastSentAt !== null)
    .sort((a, b) => (b.lastSentAt ?? '').localeCompare(a.lastSentAt ?? ''))
    .slice(0, limit);
}
