import type { KyInstance } from 'ky';

import type { AddressBookEntry, NewAddressBookEntry } from '../../contracts/addressBook';

export type { AddressBookEntry, NewAddressBookEntry } from '../../contracts/addressBook';

type Page = { content: AddressBookEntry[] };

const book = 'b2c-address-book';

/** Spec §9: the whole book in one page of 1000. */
export const ADDRESS_BOOK_PAGE = { pageNumber: 1, pageSize: 1000 } as const;

/** Spec §7 Address book calls (prefix b2c-address-book). */
export const createAddressBookApi = (authHttp: KyInstance) => ({
  async list(account: string): Promise<AddressBookEntry[]> {
    const page = await authHttp.post(`${book}/${account}/address-book/all`, { json: ADDRESS_BOOK_PAGE }).json<Page>();
    return page.content ?? [];
  },
  create: (account: string, entry: NewAddressBookEntry) =>
    authHttp.post(`${book}/${account}/address-book`, { json: entry }).json<AddressBookEntry>(),
  async remove(account: string, id: string): Promise<void> {
    await authHttp.delete(`${book}/${account}/address-book/${encodeURIComponent(id)}`);
  },
  /** Issue 22: a new name for a saved recipient (its network and address stay). */
  rename: (account: string, id: string, name: string) =>
    authHttp
      .patch(`${book}/${account}/address-book/${encodeURIComponent(id)}`, { json: { name } })
      .json<AddressBookEntry>(),
  get: (account: string, id: string) =>
    authHttp.get(`${book}/${account}/address-book/${encodeURIComponent(id)}`).json<AddressBookEntry>(),
});

export type AddressBookApi = ReturnType<typeof createAddressBookApi>;
