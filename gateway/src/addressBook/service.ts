import { and, asc, count, eq, sql } from 'drizzle-orm';
import { isValidAddress, type Network } from '../chain/addresses.js';
import type { Db } from '../db/client.js';
import { addressBookEntries } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { isUuid } from '../users/repository.js';
import { COINS, type ChainNetwork } from '../wallet/catalogue.js';
import { ADDRESS_BOOK_NAME_MAX, type AddressBookEntry } from '../../../contracts/addressBook.js';

/**
 * Spec §5: only non-token crypto networks may be saved. Their names are the catalogue's `blockchain`
 * values (Bitcoin, Ethereum, Tron, TON, Litecoin, Dogecoin); Lightning has no on-chain address.
 */
const NETWORK_OF_BLOCKCHAIN = new Map<string, ChainNetwork>(
  COINS.filter((c) => !c.token && c.network !== 'lightning').map((c) => [c.blockchain, c.network as ChainNetwork]),
);
export const ADDRESS_BOOK_BLOCKCHAINS = [...NETWORK_OF_BLOCKCHAIN.keys()];

export const NAME_MAX = ADDRESS_BOOK_NAME_MAX;

export type { AddressBookEntry } from '../../../contracts/addressBook.js';

const columns = {
  id: addressBookEntries.id,
  name: addressBookEntries.name,
  blockchain: addressBookEntries.blockchain,
  address: addressBookEntries.address,
};

const notFound = () => new DomainError('not_found', 'ADDRESS_BOOK_ENTRY_NOT_FOUND', 'No such address book entry');

/** A saved recipient's name, trimmed: 1 to NAME_MAX characters, else 400 on `name`. */
export function validateName(input: string): string {
  const name = input.trim();
  if (name.length < 1 || name.length > NAME_MAX) {
    throw invalid('VALIDATION_ERROR', `name must be 1 to ${NAME_MAX} characters`, 'name');
  }
  return name;
}

/** Trims and checks the input; the address must pass its network's checksum. */
export function validateEntry(input: { name: string; blockchain: string; address: string }) {
  const name = validateName(input.name);
  const network = NETWORK_OF_BLOCKCHAIN.get(input.blockchain);
  if (!network) {
    throw invalid('VALIDATION_ERROR', `blockchain must be one of ${ADDRESS_BOOK_BLOCKCHAINS.join(', ')}`, 'blockchain');
  }
  const address = input.address.trim();
  if (!isValidAddress(network as Network, address)) {
    throw invalid('INVALID_ADDRESS', 'Address format is wrong.', 'address');
  }
  return { name, blockchain: input.blockchain, address };
}

/** The most recipients one account may save (issue 20 item 7: whatever a user can create has a limit). */
export const ADDRESS_BOOK_MAX_ENTRIES = 200;

const full = () =>
  new DomainError(
    'conflict',
    'ADDRESS_BOOK_FULL',
    `The address book holds at most ${ADDRESS_BOOK_MAX_ENTRIES} recipients: delete one to save another`,
  );

/**
 * Saves a recipient unless the book is full (409 ADDRESS_BOOK_FULL). Count and insert are one decision
 * under a transaction-scoped advisory lock on the account's book, so concurrent saves cannot overshoot.
 */
export async function createEntry(
  db: Db,
  accountId: string,
  input: { name: string; blockchain: string; address: string },
) {
  const values = validateEntry(input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${accountId}`}, 0))`);
    const [held] = await tx
      .select({ n: count() })
      .from(addressBookEntries)
      .where(eq(addressBookEntries.accountId, accountId));
    if (Number(held?.n ?? 0) >= ADDRESS_BOOK_MAX_ENTRIES) throw full();
    const [row] = await tx
      .insert(addressBookEntries)
      .values({ accountId, ...values })
      .returning(columns);
    return row!;
  });
}

export async function getEntry(db: Db, accountId: string, id: string): Promise<AddressBookEntry> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select(columns)
    .from(addressBookEntries)
    .where(and(eq(addressBookEntries.id, id), eq(addressBookEntries.accountId, accountId)));
  if (!row) throw notFound();
  return row;
}

/** Renames one of this account's entries (another account's id is as unknown as a made-up one). */
export async function renameEntry(db: Db, accountId: string, id: string, input: { name: string }) {
  const name = validateName(input.name);
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(addressBookEntries)
    .set({ name })
    .where(and(eq(addressBookEntries.id, id), eq(addressBookEntries.accountId, accountId)))
    .returning(columns);
  if (!row) throw notFound();
  return row;
}

export async function deleteEntry(db: Db, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  const rows = await db
    .delete(addressBookEntries)
    .where(and(eq(addressBookEntries.id, id), eq(addressBookEntries.accountId, accountId)))
    .returning({ id: addressBookEntries.id });
  if (!rows.length) throw notFound();
}

/** pageNumber is 1-based (spec §7 sends pageNumber 1, pageSize 1000); oldest entries first. */
export async function listEntries(db: Db, accountId: string, pageNumber: number, pageSize: number) {
  const [total] = await db
    .select({ n: count() })
    .from(addressBookEntries)
    .where(eq(addressBookEntries.accountId, accountId));
  const totalElements = Number(total?.n ?? 0);
  const content = await db
    .select(columns)
    .from(addressBookEntries)
    .where(eq(addressBookEntries.accountId, accountId))
    .orderBy(asc(addressBookEntries.createdAt), asc(addressBookEntries.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  return { content, totalElements, totalPages: Math.ceil(totalElements / pageSize), pageNumber, pageSize };
}
