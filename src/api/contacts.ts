import type { KyInstance } from 'ky';
import type { Recipient, RecipientLookup, Visibility } from '../../contracts/contacts';

export type { Recipient } from '../../contracts/contacts';

const wallet = 'b2c-wallet';

/** Issue 25: finding wallet users who opted in, and one's own "Let wallet users find me". */
export const createContactsApi = (authHttp: KyInstance) => ({
  async lookup(account: string, currency: string, query: string): Promise<Recipient | null> {
    const answer = await authHttp
      .get(`${wallet}/${account}/contacts/lookup`, { searchParams: { query, currency } })
      .json<RecipientLookup>();
    return answer.recipient;
  },
  async visibility(account: string): Promise<boolean> {
    return (await authHttp.get(`${wallet}/${account}/contacts/visibility`).json<Visibility>()).findable;
  },
  async setVisibility(account: string, findable: boolean): Promise<boolean> {
    return (await authHttp.put(`${wallet}/${account}/contacts/visibility`, { json: { findable } }).json<Visibility>())
      .findable;
  },
});

export type ContactsApi = ReturnType<typeof createContactsApi>;
