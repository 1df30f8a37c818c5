/** /settings/address-book (spec §2): the saved addresses, the empty state and a retry. */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { addressBookListMachine } from '../../machines/addressBookList.machine';
import type { AddressBookEntry } from '../../src/api/addressBook';
import { AddressBookListScreen } from '../../src/features/addressBook/AddressBookListScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { labelled } from './asset-fixtures';
import { says } from '../support/dom';

export const ENTRIES: AddressBookEntry[] = [
  { id: 'e-1', name: 'Ann', blockchain: 'Bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
  { id: 'e-2', name: 'Exchange', blockchain: 'Tron', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
];

describeModel('addressBookList', {
  machine: addressBookListMachine,
  events: {
    loading: [
      { type: 'xstate.done.actor.loadEntries', output: labelled('two entries', [...ENTRIES]) },
      { type: 'xstate.done.actor.loadEntries', output: labelled('none', [] as AddressBookEntry[]) },
      { type: 'xstate.error.actor.loadEntries', error: { status: 503, code: 'HTTP_503', message: 'Unavailable' } },
    ],
    failed: [{ type: 'list.retried' }],
  },
  mount: async ({ fakes }) => {
    const actor = createActor(
      addressBookListMachine.provide({ actors: { loadEntries: fakes.promise('loadEntries') } }),
    ).start();
    const view = await renderInRouter(<AddressBookListScreen actor={actor} />, { path: '/settings/address-book' });
    return { actor, view };
  },
  drive: {
    'list.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
  },
  states: {
    '*': () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Address book');
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/settings');
    },
    loading: () => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading the address book']);
      expect(screen.queryByRole('link', { name: 'Add address' })).toBeNull();
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toContain('Could not load the address book.');
      expect(screen.queryByTestId('book-empty')).toBeNull();
    },
    loaded: (_h, s) => {
      expect(screen.getByRole('link', { name: 'Add address' }).getAttribute('href')).toBe(
        '/settings/address-book/create',
      );
      const rows = screen.queryAllByTestId('book-row');
      if (s.context.entries.length === 0) {
        expect(screen.getByTestId('book-empty').textContent).toBe(
          'No saved addresses yet. Save the addresses you send to often.',
        );
        expect(rows).toHaveLength(0);
        return;
      }
      expect(screen.queryByTestId('book-empty')).toBeNull();
      expect(rows.map((r) => r.getAttribute('href'))).toEqual([
        '/settings/address-book/e-1/edit',
        '/settings/address-book/e-2/edit',
      ]);
      expect(rows[0].textContent).toBe('AnnBitcoin · bc1qxy2k…jhx0wlh');
      expect(rows[1].textContent).toBe('ExchangeTron · TXYZopYR…5VkAeBf');
    },
  },
});
