/** Exercises the model-based runner itself on a toy machine with an invoke, a guard and a named delay. */
import { useSelector } from '@xstate/react';
import { assign, createActor, createMachine, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { screen } from '@testing-library/react';
import { checkCoverage, childrenCoverage, describeModel, planModel, runPath, type ModelConfig } from '../support/mbt';
import { childObserver } from '../support/mbt-children';
import { renderWithProviders } from '../support/render';

const toy = setup({
  types: {
    context: {} as { name: string },
    events: {} as { type: 'name.changed'; value: string } | { type: 'form.submitted' },
  },
  actors: {
    save: fromPromise<string, { name: string }>(async () => {
      throw new Error('not provided');
    }),
  },
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
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ name: context.name }),
        onDone: 'saved',
        onError: 'editing',
      },
    },
    saved: { after: { RESET: 'editing' } },
  },
});

function Toy({ actor }: { actor: ActorRefFrom<typeof toy> }) {
  const name = useSelector(actor, (s) => s.context.name);
  const state = useSelector(actor, (s) => s.value as string);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submitted' });
      }}
    >
      <label htmlFor="n">Name</label>
      <input id="n" value={name} onChange={(e) => actor.send({ type: 'name.changed', value: e.target.value })} />
      <button type="submit" disabled={state !== 'editing'}>
        Save
      </button>
      <output>{state}</output>
    </form>
  );
}

const config: ModelConfig<typeof toy, object> = {
  machine: toy,
  fakeTimers: true,
  delays: { RESET: 2000 },
  events: {
    editing: [{ type: 'name.changed', value: 'Ann' }, { type: 'name.changed', value: ' ' }, { type: 'form.submitted' }],
    saving: [
      { type: 'xstate.done.actor.save', output: 'ok' },
      { type: 'xstate.error.actor.save', error: new Error('x') },
    ],
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
    'form.submitted': async (_e, h) => {
      await h.user.type(screen.getByLabelText('Name'), '{Enter}');
    },
  },
  states: {
    editing: () => expect(screen.getByRole('status').textContent).toBe('editing'),
    saving: (h, s) => {
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
      expect(h.fakes.calls('save').at(-1)).toEqual({ name: s.context.name });
    },
    saved: () => expect(screen.getByRole('status').textContent).toBe('saved'),
  },
};
const plan = describeModel('toy', config);

it('keeps a path per transition and event case, without prefix duplicates', () => {
  expect(plan.coverage.transitions.total).toHaveLength(5);
  const descriptions = plan.paths.map((p) => p.description);
  expect(descriptions).toEqual(expect.arrayContaining(['form.submitted', 'name.changed(" ") → form.submitted']));
  expect(new Set(descriptions).size).toBe(descriptions.length);
  expect(planModel(toy, { events: [{ type: 'form.submitted' }] }).coverage.states.missing).toEqual(['saving', 'saved']);
});

it("'transitions' walks every transition from every state; 'shortest' reaches each state once", () => {
  const door = createMachine({
    id: 'door',
    initial: 'shut',
    states: {
      shut: { on: { open: 'open', peek: 'ajar' } },
      ajar: { on: { open: 'open' } },
      open: { on: { close: 'shut' } },
    },
  });
  const events = [{ type: 'open' }, { type: 'peek' }, { type: 'close' }];
  const shortest = planModel(door, { events, generator: 'shortest' });
  const transitions = planModel(door, { events, generator: 'transitions' });
  // The open door is reached from shut first, so opening it from ajar is never walked; and "shut after a
  // close" is first reached by a close the shut door ignores, so the real close is never walked either.
  expect(shortest.coverage.transitions.missing).toEqual(['ajar ─open→ open', 'open ─close→ shut']);
  expect(transitions.coverage.transitions.missing).toEqual([]);
  expect(transitions.paths.map((p) => p.description)).toEqual(expect.arrayContaining(['peek → open', 'open → close']));
});

it('with a stateKey, every path holds the snapshots its own events lead to', () => {
  // A counter whose digits never change what can happen (only "some" or "none" does): the key counts by kind.
  const counter = setup({
    types: { context: {} as { n: number }, events: {} as { type: 'add'; by: number } | { type: 'clear' } },
  }).createMachine({
    context: { n: 0 },
    initial: 'counting',
    states: {
      counting: {
        on: {
          add: { actions: assign({ n: ({ context, event }) => context.n + event.by }) },
          clear: { guard: ({ context }) => context.n > 0, target: 'cleared' },
        },
      },
      cleared: { type: 'final' },
    },
  });
  const events = [{ type: 'add', by: 2 } as const, { type: 'add', by: 3 } as const, { type: 'clear' } as const];
  const plan = planModel(counter, {
    events,
    stateKey: (s) => `${JSON.stringify(s.value)}:${s.context.n > 0 ? 'some' : 'none'}`,
  });
  expect(plan.coverage.transitions.missing).toEqual([]);
  for (const path of plan.paths) {
    let n = 0;
    for (const step of path.steps) {
      if ('by' in step.event) n += Number(step.event.by);
      expect(step.state.context.n, path.description).toBe(n);
    }
  }
  // One route per kind: 'some' is first reached by adding 2, and the clear is walked from there.
  expect(plan.paths.map((p) => p.description)).toContain('add(2) → clear');
});

describe('the guard fails', () => {
  const toSaved = () => plan.paths.find((p) => p.steps.some((s) => s.state.matches('saved')))!;
  const withState = (key: string, fn: ModelConfig<typeof toy, object>['states'][string]) => ({
    ...config,
    states: { ...config.states, [key]: fn },
  });

  it('on an assertion that only reads the machine context', async () => {
    const bad = withState('saved', (_h, s) => expect(s.context.name).toBe('Ann'));
    await expect(runPath(bad, toSaved())).rejects.toThrow(
      /assertion for 'saved' read nothing from the rendered screen/,
    );
  });

  it('on an empty assertion', async () => {
    await expect(
      runPath(
        withState('saved', () => {}),
        toSaved(),
      ),
    ).rejects.toThrow(/assertion for 'saved' read nothing from the rendered screen/);
  });

  it('on an assertion that looks at the screen but expects nothing', async () => {
    const bad = withState('saved', () => void screen.queryByText('saved'));
    await expect(runPath(bad, toSaved())).rejects.toThrow(/assertion for 'saved' made no expect\(\) call/);
  });

  it('when the live actor leaves the model (state)', async () => {
    // The view's save answers at once: the live actor is already saved while the model is saving.
    const bad: typeof config = {
      ...config,
      mount: () => {
        const actor = createActor(toy.provide({ actors: { save: fromPromise(async () => 'ok') } })).start();
        renderWithProviders(<Toy actor={actor} />);
        return { actor };
      },
    };
    const toSaving = plan.paths.find((p) => p.steps.some((s) => s.state.matches('saving')))!;
    await expect(runPath(bad, toSaving)).rejects.toThrow(/live state/);
  });

  it('when the live actor leaves the model (context)', async () => {
    const bad: typeof config = {
      ...config,
      mount: () => {
        const actor = createActor(toy.provide({ actors: { save: fromPromise(async () => 'ok') } })).start();
        renderWithProviders(<Toy actor={actor} />);
        actor.send({ type: 'name.changed', value: 'Bob' });
        return { actor };
      },
    };
    await expect(runPath(bad, plan.paths[0])).rejects.toThrow(/live context/);
  });

  it('without a live actor', async () => {
    const bad = { ...config, mount: () => (renderWithProviders(<p>nothing</p>), {}) } as unknown as typeof config;
    await expect(runPath(bad, plan.paths[0])).rejects.toThrow(/no live actor/);
  });

  it('when a leaf state has no assertion of its own, even with one on its parent', async () => {
    const nested = createMachine({
      id: 'nested',
      initial: 'form',
      states: { form: { initial: 'editing', states: { editing: { on: { go: 'done' } }, done: {} } } },
    });
    const nestedPlan = planModel(nested, { events: [{ type: 'go' }] });
    const parentOnly = {
      machine: nested,
      events: [{ type: 'go' }],
      mount: () => ({ actor: createActor(nested) }),
      drive: { go: () => {} },
      states: { form: () => {} },
    };
    await expect(checkCoverage('nested', nestedPlan, parentOnly as never)).rejects.toThrow(
      /state without an assertion of its own: form.editing[^]*form.done/,
    );
    const leaves = { ...parentOnly, states: { form: () => {}, 'form.editing': () => {}, 'form.done': () => {} } };
    await expect(checkCoverage('nested', nestedPlan, leaves as never)).resolves.toEqual([]);
    const typo = { ...leaves, states: { ...leaves.states, 'form.dnoe': () => {} } };
    await expect(checkCoverage('nested', nestedPlan, typo as never)).rejects.toThrow(
      /a state the machine does not have: form.dnoe/,
    );
  });
});

describe('child machines', () => {
  const parent = setup({ actors: { toy } }).createMachine({
    id: 'parent',
    initial: 'editing',
    states: { editing: { invoke: { id: 'inner', src: 'toy' }, on: { 'form.closed': 'closed' } }, closed: {} },
  });

  it("lists a child without a suite of its own as covered through the parent's paths", async () => {
    const [child] = await childrenCoverage(parent);
    expect(child).toMatchObject({ id: 'toy', invokedAs: ['inner'], suites: [] });
  });

  it('names the suite of a child that has one', async () => {
    const { sendMachine } = await import('../../machines/send.machine');
    const covered = await childrenCoverage(sendMachine);
    expect(covered.map((c) => [c.id, c.suites]).sort()).toEqual([
      ['passcodeConfirm', ['passcode-confirm.test.tsx']],
      ['scanner', ['scanner-overlay.test.tsx']],
    ]);
  });

  it('records the child states seen live through the parent', () => {
    const observer = childObserver([{ id: 'toy', machine: toy, invokedAs: ['inner'] }]);
    const actor = createActor(
      parent.provide({ actors: { toy: toy.provide({ actors: { save: fromPromise(async () => 'ok') } }) } }),
    ).start();
    observer.observe(actor);
    expect([...observer.seen.get('toy')!]).toEqual(['editing']);
    expect(observer.leaves.get('toy')).toEqual(['editing', 'saving', 'saved']);
  });
});
