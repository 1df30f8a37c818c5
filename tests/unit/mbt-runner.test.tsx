/** Exercises the model-based runner itself on a toy machine with an invoke, a guard and a named delay. */
import { useSelector } from '@xstate/react';
import { assign, createActor, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { screen } from '@testing-library/react';
import { describeModel, planModel } from '../support/mbt';
import { renderWithProviders } from '../support/render';

const toy = setup({
  types: { context: {} as { name: string }, events: {} as { type: 'name.changed'; value: string } | { type: 'form.submitted' } },
  actors: { save: fromPromise<string, { name: string }>(async () => { throw new Error('not provided'); }) },
  delays: { RESET: 2000 },
}).createMachine({
  id: 'toy',
  context: { name: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'name.changed': { actions: assign({ name: ({ event }) => event.value }) },
        'form.submitted': { guard: ({ context }) => context.name.trim() !== '', target: 'saving' },
      },
    },
    saving: {
      invoke: { id: 'save', src: 'save', input: ({ context }) => ({ name: context.name }), onDone: 'saved', onError: 'editing' },
    },
    saved: { after: { RESET: 'editing' } },
  },
});

function Toy({ actor }: { actor: ActorRefFrom<typeof toy> }) {
  const name = useSelector(actor, (s) => s.context.name);
  const state = useSelector(actor, (s) => s.value as string);
  return (
    <form onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'form.submitted' }); }}>
      <label htmlFor="n">Name</label>
      <input id="n" value={name} onChange={(e) => actor.send({ type: 'name.changed', value: e.target.value })} />
      <button type="submit" disabled={state !== 'editing'}>Save</button>
      <output>{state}</output>
    </form>
  );
}

const plan = describeModel('toy', {
  machine: toy,
  fakeTimers: true,
  delays: { RESET: 2000 },
  events: {
    editing: [{ type: 'name.changed', value: 'Ann' }, { type: 'name.changed', value: ' ' }, { type: 'form.submitted' }],
    saving: [{ type: 'xstate.done.actor.save', output: 'ok' }, { type: 'xstate.error.actor.save', error: new Error('x') }],
    saved: [{ type: 'xstate.after.RESET.toy.saved' }],
  },
  keepIgnored: (_s, e) => e.type === 'form.submitted',
  mount: ({ fakes }) => {
    const actor = createActor(toy.provide({ actors: { save: fakes.promise('save') } })).start();
    renderWithProviders(<Toy actor={actor} />);
    return { actor };
  },
  drive: {
    'name.changed': async (e, h) => {
      const input = screen.getByLabelText('Name');
      await h.user.clear(input);
      await h.user.type(input, e.value);
    },
    'form.submitted': async (_e, h) => { await h.user.type(screen.getByLabelText('Name'), '{Enter}'); },
  },
  states: {
    editing: () => expect(screen.getByRole('status').textContent).toBe('editing'),
    saving: (h, s) => {
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
      expect(h.fakes.calls('save').at(-1)).toEqual({ name: s.context.name });
    },
    saved: () => expect(screen.getByRole('status').textContent).toBe('saved'),
  },
});

it('keeps a path per transition and event case, without prefix duplicates', () => {
  expect(plan.coverage.transitions.total).toHaveLength(5);
  const descriptions = plan.paths.map((p) => p.description);
  expect(descriptions).toEqual(expect.arrayContaining(["form.submitted", "name.changed(\" \") → form.submitted"]));
  expect(new Set(descriptions).size).toBe(descriptions.length);
  expect(planModel(toy, { events: [{ type: 'form.submitted' }] }).coverage.states.missing).toEqual(['saving', 'saved']);
});
