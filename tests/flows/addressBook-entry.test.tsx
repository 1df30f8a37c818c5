/**
 * /settings/address-book/{id}/edit (read-only fields, delete icon) and /{id}/delete (confirmation,
 * "Address deleted", back to the list), spec §2, from the production entry machine.
 */
import { screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { addressBookEntryMachine, type EntryFailure } from '../../machines/addressBookEntry.machine';
import { AddressBookEntryScreen } from '../../src/features/addressBook/AddressBookEntryScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { labelled } from './asset-fixtures';
import { says } from '../support/dom';

const ENTRY = { id: 'e-1', name: 'Ann', blockchain: 'Bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

for (const mode of ['edit', 'delete'] as const) {
  describeModel(`addressBookEntry (${mode})`, {
    machine: addressBookEntryMachine,
    input: { id: 'e-1' },
    events: {
      loading: [
        { type: 'xstate.done.actor.loadEntry', output: labelled('Ann', { ...ENTRY }) },
        { type: 'xstate.error.actor.loadEntry', error: { status: 404, code: 'NOT_FOUND', message: 'No such entry' } },
        { type: 'xstate.error.actor.loadEntry', error: { status: 503, code: 'HTTP_503', message: 'Unavailable' } },
      ],
      failed: [{ type: 'entry.retried' }],
      ready: [{ type: 'delete.confirmed' }],
      deleting: [
        { type: 'xstate.done.actor.deleteEntry' },
        {
          type: 'xstate.error.actor.deleteEntry',
          error: { status: 500, code: 'HTTP_500', message: 'Could not delete it right now' },
        },
        { type: 'delete.confirmed' },
      ],
    },
    // A second tap while deleting does nothing.
    keepIgnored: (_s, e) => e.type === 'delete.confirmed',
    mount: async ({ fakes }) => {
      const notes: string[] = [];
      const actor = createActor(
        addressBookEntryMachine.provide({
          actors: { loadEntry: fakes.promise('loadEntry'), deleteEntry: fakes.promise('deleteEntry') },
          actions: {
            notifyDeleted: () => void notes.push('deleted'),
            goToList: () => void notes.push('list'),
            notifyFailed: (_, { failure }: { failure: EntryFailure }) => void notes.push(`failed:${failure.message}`),
          },
        }),
        { input: { id: 'e-1' } },
      ).start();
      const view = await renderInRouter(<AddressBookEntryScreen actor={actor} mode={mode} />, {
        path: `/settings/address-book/e-1/${mode}`,
      });
      return { actor, notes, view };
    },
    drive: {
      'entry.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
      // The edit screen's delete icon leads to the confirmation route; the machine event is the confirmation.
      'delete.confirmed': async (e, h) => {
        if (mode === 'delete') {
          const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
          if (!button.disabled) await h.user.click(button);
        } else {
          h.actor!.send(e);
        }
      },
    },
    states: {
      '*': (h) => {
        expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
          mode === 'edit' ? '/settings/address-book' : '/settings/address-book/e-1/edit',
        );
        expect(h.fakes.calls('loadEntry').at(-1)).toEqual({ id: 'e-1' });
      },
      loading: () => {
        expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading the address']);
        expect(screen.queryByLabelText('Address')).toBeNull();
      },
      failed: (_h, s) => {
        const code = (s.context.failure as EntryFailure).code;
        expect(screen.getByRole('alert').textContent).toContain(
          code === 'NOT_FOUND' ? 'This address is not in your address book.' : 'Could not load the address.',
        );
        expect(screen.queryByRole('link', { name: 'Delete address' })).toBeNull();
      },
      ready: (h, _s, { history }) => {
        const failures = history.filter((e) => e.type === 'xstate.error.actor.deleteEntry').length;
        expect(h.notes).toEqual(failures ? ['failed:Could not delete it right now'] : []);
        if (mode === 'edit') {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ann');
          for (const [name, value] of [
            ['Name', 'Ann'],
            ['Network', 'Bitcoin'],
            ['Address', ENTRY.address],
          ]) {
            expect(field(name).value).toBe(value);
            expect(field(name).readOnly).toBe(true);
          }
          expect(screen.getByRole('link', { name: 'Delete address' }).getAttribute('href')).toBe(
            '/settings/address-book/e-1/delete',
          );
        } else {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete address');
          expect(screen.getByTestId('delete-question').textContent).toBe(
            'Delete “Ann” from the address book? You can add it again later.',
          );
          expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
          expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
            '/settings/address-book/e-1/edit',
          );
        }
      },
      deleting: (h) => {
        expect(h.fakes.calls('deleteEntry').at(-1)).toEqual({ id: 'e-1' });
        if (mode === 'delete')
          expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
        // The edit screen offers no delete button: it keeps showing the entry while the delete runs.
        else expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ann');
        expect(h.fakes.calls('deleteEntry')).toHaveLength(1);
      },
      deleted: (h) => {
        expect(h.notes).toEqual(['deleted', 'list']);
        if (mode === 'delete')
          expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
        else expect(field('Address').value).toBe(ENTRY.address);
      },
    },
  });
}
