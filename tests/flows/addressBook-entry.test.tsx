/**
 * /settings/address-book/{id}/edit (the name editable and saved, issue 22; network and address
 * read-only; delete icon) and /{id}/delete (confirmation, "Address deleted", back to the list), spec
 * §2, from the production entry machine.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type EventObject } from 'xstate';
import { addressBookEntryMachine, nameProblem, type EntryFailure } from '../../machines/addressBookEntry.machine';
import { AddressBookEntryScreen } from '../../src/features/addressBook/AddressBookEntryScreen';
import { describeModel } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { labelled } from './asset-fixtures';
import { says } from '../support/dom';

const ENTRY = { id: 'e-1', name: 'Ann', blockchain: 'Bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const saveButton = () => screen.queryByRole('button', { name: 'Save name' }) as HTMLButtonElement | null;

/** The toasts a path has asked for so far, in order. */
function notesOf(history: EventObject[]) {
  return history.flatMap((e) => {
    if (e.type === 'xstate.error.actor.deleteEntry') return ['failed:Could not delete it right now'];
    if (e.type === 'xstate.error.actor.renameEntry') return ['failed:Could not save the name'];
    if (e.type === 'xstate.done.actor.renameEntry') return ['renamed'];
    return [];
  });
}

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
      ready: [
        { type: 'delete.confirmed' },
        { type: 'name.changed', name: ' Mum ' },
        { type: 'name.changed', name: '   ' },
        { type: 'name.changed', name: 'x'.repeat(65) },
        { type: 'rename.submitted' },
      ],
      renaming: [
        { type: 'xstate.done.actor.renameEntry', output: labelled('Mum', { ...ENTRY, name: 'Mum' }) },
        {
          type: 'xstate.error.actor.renameEntry',
          error: { status: 500, code: 'HTTP_500', message: 'Could not save the name' },
        },
      ],
      deleting: [
        { type: 'xstate.done.actor.deleteEntry' },
        {
          type: 'xstate.error.actor.deleteEntry',
          error: { status: 500, code: 'HTTP_500', message: 'Could not delete it right now' },
        },
        { type: 'delete.confirmed' },
      ],
    },
    // A second tap while deleting does nothing; Save with an empty, too long or unchanged name neither.
    keepIgnored: (_s, e) => e.type === 'delete.confirmed' || e.type === 'rename.submitted',
    // Save is tried with each kind of name: unchanged, new, empty, too long.
    classify: (s) =>
      s.context.entry === null
        ? 'none'
        : (nameProblem(s.context.draft) ?? (s.context.draft.trim() === s.context.entry.name ? 'same' : 'new')),
    mount: async ({ fakes }) => {
      const notes: string[] = [];
      const actor = createActor(
        addressBookEntryMachine.provide({
          actors: {
            loadEntry: fakes.promise('loadEntry'),
            deleteEntry: fakes.promise('deleteEntry'),
            renameEntry: fakes.promise('renameEntry'),
          },
          actions: {
            notifyDeleted: () => void notes.push('deleted'),
            notifyRenamed: () => void notes.push('renamed'),
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
      // Typed into the Name field on the edit screen (one change event); the delete screen has no field.
      'name.changed': async (e, h) => {
        if (e.type !== 'name.changed') return;
        if (mode === 'edit') act(() => void fireEvent.change(field('Name'), { target: { value: e.name } }));
        else h.actor!.send(e);
      },
      // Save when it is offered, else Enter in the field (the form's submit): both are the one event.
      'rename.submitted': async (e, h) => {
        if (mode !== 'edit') return void h.actor!.send(e);
        const button = saveButton()!;
        if (!button.disabled) await h.user.click(button);
        else await h.user.type(field('Name'), '{Enter}');
      },
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
      ready: (h, s, { history }) => {
        expect(h.notes).toEqual(notesOf(history));
        const saved = s.context.entry!.name;
        const draft = s.context.draft;
        if (mode === 'edit') {
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(saved);
          for (const [name, value] of [
            ['Network', 'Bitcoin'],
            ['Address', ENTRY.address],
          ]) {
            expect(field(name).value).toBe(value);
            expect(field(name).readOnly).toBe(true);
          }
          // The name is editable; what is wrong with it is said under the field, and Save waits for a change.
          expect(field('Name').value).toBe(draft);
          expect(field('Name').readOnly).toBe(false);
          const problem = nameProblem(draft);
          const said = { empty: 'Enter a name.', tooLong: 'A name can be at most 64 characters.' };
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(problem ? said[problem] : null);
          expect(field('Name').getAttribute('aria-invalid')).toBe(problem ? 'true' : null);
          expect(saveButton()!.disabled).toBe(problem !== null || draft.trim() === saved);
          expect(screen.getByRole('link', { name: 'Delete address' }).getAttribute('href')).toBe(
            '/settings/address-book/e-1/delete',
          );
        } else {
          expect(saveButton()).toBeNull();
          expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delete address');
          expect(screen.getByTestId('delete-question').textContent).toBe(
            `Delete “${saved}” from the address book? You can add it again later.`,
          );
          expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
          expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
            '/settings/address-book/e-1/edit',
          );
        }
      },
      renaming: (h, s) => {
        // The trimmed name is sent; Save is busy and the field holds still until the answer.
        expect(h.fakes.calls('renameEntry').at(-1)).toEqual({ id: 'e-1', name: s.context.draft.trim() });
        if (mode === 'edit') {
          expect(saveButton()!.getAttribute('aria-busy')).toBe('true');
          expect(field('Name').readOnly).toBe(true);
        } else {
          // Nothing is deleted while a name is being saved (a rename started before this screen opened).
          expect(screen.getByTestId('delete-question').textContent).toContain(`“${s.context.entry!.name}”`);
          expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
        }
      },
      deleting: (h, s) => {
        expect(h.fakes.calls('deleteEntry').at(-1)).toEqual({ id: 'e-1' });
        if (mode === 'delete')
          expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
        // The edit screen offers no delete button: it keeps showing the entry while the delete runs.
        else expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(s.context.entry!.name);
        expect(h.fakes.calls('deleteEntry')).toHaveLength(1);
      },
      deleted: (h, _s, { history }) => {
        expect(h.notes).toEqual([...notesOf(history), 'deleted', 'list']);
        if (mode === 'delete')
          expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
        else expect(field('Address').value).toBe(ENTRY.address);
      },
    },
  });
}
