/**
 * Address book inside the real app: the Settings row, list → create (non-token networks from the
 * catalogue, paste from the platform clipboard) → "Address added" → edit view → rename ("Name saved",
 * the list shows it) → delete → "Address deleted", with the active account on every call.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { AddressBookApi, AddressBookEntry } from '../../src/api/addressBook';
import { makeUser, mountApp, pathname } from './app/harness';
import { btcCoin, usdtTrxCoin } from './asset-fixtures';
import { isShown } from '../support/dom';

const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

function fakeBook() {
  let entries: AddressBookEntry[] = [];
  const calls: string[] = [];
  const api: AddressBookApi = {
    list: async (account) => (calls.push(`list ${account}`), [...entries]),
    create: async (account, entry) => {
      calls.push(`create ${account} ${JSON.stringify(entry)}`);
      const saved = { id: 'e-1', ...entry };
      entries = [...entries, saved];
      return saved;
    },
    get: async (account, id) => {
      calls.push(`get ${account} ${id}`);
      const found = entries.find((e) => e.id === id);
      if (!found) throw Object.assign(new Error('Not found'), { status: 404, code: 'NOT_FOUND' });
      return found;
    },
    remove: async (account, id) => {
      calls.push(`remove ${account} ${id}`);
      entries = entries.filter((e) => e.id !== id);
    },
    rename: async (account, id, name) => {
      calls.push(`rename ${account} ${id} ${name}`);
      entries = entries.map((e) => (e.id === id ? { ...e, name } : e));
      return entries.find((e) => e.id === id)!;
    },
  };
  return { api, calls };
}

it('address book round trip from Settings', async () => {
  const { api, calls } = fakeBook();
  const app = mountApp({
    path: '/settings',
    signedIn: makeUser(),
    account: 'acc-3',
    api: { addressBook: api },
    wallet: { loadCatalogue: fromPromise(async () => [btcCoin, usdtTrxCoin]) },
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('link', { name: 'Address book' }));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book'));
  expect((await screen.findByTestId('book-empty')).textContent).toContain('No saved addresses yet.');

  await user.click(screen.getByRole('link', { name: 'Add address' }));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book/create'));
  const network = (await screen.findByLabelText('Network')) as HTMLSelectElement;
  // USDT TRC-20 is a token: only Bitcoin is on offer.
  expect([...network.options].map((o) => o.value)).toEqual(['', 'Bitcoin']);
  await user.type(screen.getByLabelText('Name'), 'Ann');
  await user.selectOptions(network, 'Bitcoin');
  await user.type(screen.getByLabelText('Address'), 'not-an-address');
  // Checked as typed: the error under the field, Save not offered.
  expect(isShown(screen.getByText('Address format is wrong.')), 'shown').toBe(true);
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  await user.clear(screen.getByLabelText('Address'));
  app.clipboard.text = ` ${BTC}\n`;
  await user.click(screen.getByRole('button', { name: 'Paste from clipboard' }));
  await waitFor(() => expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe(BTC));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book'));
  expect(isShown(await screen.findByText('Address added')), 'shown').toBe(true);
  expect(calls).toContain(`create acc-3 ${JSON.stringify({ name: 'Ann', blockchain: 'Bitcoin', address: BTC })}`);

  await user.click(await screen.findByTestId('book-row'));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book/e-1/edit'));
  expect(((await screen.findByLabelText('Address')) as HTMLInputElement).readOnly).toBe(true);
  // Issue 22: an entry can be renamed; the list shows the new name.
  const name = screen.getByLabelText('Name') as HTMLInputElement;
  expect(name.readOnly).toBe(false);
  await user.clear(name);
  await user.type(name, '  Ann (cold wallet) {Enter}');
  expect(isShown(await screen.findByText('Name saved')), 'shown').toBe(true);
  expect(calls).toContain('rename acc-3 e-1 Ann (cold wallet)');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ann (cold wallet)');
  await user.click(screen.getByRole('link', { name: 'Back' }));
  expect((await screen.findByTestId('book-row')).textContent).toContain('Ann (cold wallet)');
  await user.click(screen.getByTestId('book-row'));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book/e-1/edit'));
  await user.click(await screen.findByRole('link', { name: 'Delete address' }));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book/e-1/delete'));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(pathname(app)).toBe('/settings/address-book'));
  expect(isShown(await screen.findByText('Address deleted')), 'shown').toBe(true);
  expect(isShown(await screen.findByTestId('book-empty')), 'shown').toBe(true);
  expect(calls).toContain('remove acc-3 e-1');
});
