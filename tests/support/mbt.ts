/**
 * Model-based path runner for XState v5 machines (guide §4). Paths come from the PRODUCTION machine;
 * each runs against the rendered screen.
 *
 *   describeModel('login', {
 *     machine: loginMachine,
 *     input,                                   // machine input, if any
 *     events: [...] | (snapshot) => [...] | { '*': [...], editing: [...] },
 *       // user events with payload cases (valid, empty, boundary), actor outcomes
 *       // ({ type: 'xstate.done.actor.<invokeId>', output }, { type: 'xstate.error.actor.<id>', error })
 *       // and timers ({ type: 'xstate.after.<delay>.<stateNodeId>' })
 *     keepIgnored: (snapshot, event) => bool,  // keep paths ending in an ignored event worth asserting
 *     ignoredKey: (snapshot) => string,        // what such an ignored event is asserted once per (default: stateKey)
 *     classify: (snapshot) => string,          // context classes each transition × event case is covered from
 *     stateKey: (snapshot) => string,          // what tells states apart while planning (default: all of it)
 *     fakeTimers: true, delays: { DEBOUNCE: 300 },   // for `after` events (numeric delays need no entry)
 *     mount: async ({ fakes, user }) => ({ actor, ...whatever drivers and asserts need }),
 *     drive: { 'email.changed': async (event, h) => { await h.user.type(...) } },
 *     states: { '*': (h, s) => ..., editing: (h, s, { event, history }) => ..., 'form.invalid': ... },
 *   });
 *
 * - `fakes` (createDeferredActors) makes fromPromise actors whose outcome the path decides: provide
 *   `fakes.promise('<invokeId>')` as the actor; `done/error.actor.<id>` steps resolve/reject it by default.
 * - `after.*` steps advance fake timers by default. Any default can be overridden in `drive`.
 * - After every step the runner checks the live actor (`mount` must return it, or a function finding it,
 *   e.g. `captureLiveActor(machine)` for an actor a page starts) has the model's state value and context,
 *   then runs every `states` entry the snapshot matches (dotted paths or '*'). The entry keyed on a leaf
 *   state must read the rendered DOM and make an expect() call, or the step fails (mbt-dom.ts counts the
 *   reads); '*' and parent keys hold checks shared by several states (storage, URL, calls).
 * - A coverage test fails when a leaf state or a declared transition has no path, a leaf state has no
 *   assertion keyed on exactly that state, a key names no state, or an event has no driver, and prints
 *   "login: states 6/6, transitions 14/14, paths 9; children: none". Machines the model invokes are
 *   listed with the suite that covers them; one without its own suite must be seen live in every leaf
 *   state through this model's paths (a test per child after the paths).
 * Use `planModel` (mbt-plan.ts) directly to drive other runners (e.g. Playwright) with the same paths.
 */
import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';
import {
  coverageLine,
  describeEvent,
  matchesKey,
  planModel,
  type BuiltinEvent,
  type Plan,
  type PlannedPath,
  type PlanOptions,
} from './mbt-plan';
import { childMachines, childObserver, leafPaths, ownSuites } from './mbt-children';
import { domReads, installDomProbe } from './mbt-dom';

export { planModel, coverageLine } from './mbt-plan';
export type { Plan, PlannedPath } from './mbt-plan';

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void; settled: boolean };

/** fromPromise actors that stay pending until the test settles them, recording every input. */
export function createDeferredActors() {
  const pending = new Map<string, Deferred[]>();
  const inputs = new Map<string, unknown[]>();
  const take = (id: string) => {
    const d = [...(pending.get(id) ?? [])].reverse().find((x) => !x.settled);
    if (!d) throw new Error(`actor '${id}' was not invoked (or already settled)`);
    d.settled = true;
    return d;
  };
  return {
    promise<TOutput = unknown, TInput = unknown>(id: string) {
      return fromPromise<TOutput, TInput>(({ input }) => {
        inputs.set(id, [...(inputs.get(id) ?? []), input]);
        return new Promise<TOutput>((resolve, reject) => {
          pending.set(id, [...(pending.get(id) ?? []), { resolve: resolve as never, reject, settled: false }]);
        });
      });
    },
    resolve: (id: string, output: unknown) => take(id).resolve(output),
    reject: (id: string, error: unknown) => take(id).reject(error),
    calls: (id: string) => inputs.get(id) ?? [],
  };
}
export type DeferredActors = ReturnType<typeof createDeferredActors>;

type User = ReturnType<typeof userEvent.setup>;
export type MountTools = { fakes: DeferredActors; user: User };
/** The actor on screen, or a function that finds it when the view creates its own (see liveActor.ts). */
export type LiveActor = AnyActorRef | (() => AnyActorRef | undefined);
export type Harness<H> = H & MountTools & { actor: LiveActor };

export type StepInfo = { event: EventObject | undefined; history: EventObject[] };

type Events<M extends AnyStateMachine> = EventFromLogic<M> | BuiltinEvent;
type Driver<E, H> = (event: E, h: Harness<H>) => unknown;

export type ModelConfig<M extends AnyStateMachine, H extends object> = Omit<PlanOptions<Events<M>>, 'events'> & {
  machine: M;
  events: PlanOptions<EventFromLogic<M>>['events'];
  fakeTimers?: boolean;
  delays?: Record<string, number>;
  /** Compare the live actor's context with the model's (JSON); turn off when context holds non-data. */
  compareContext?: boolean;
  /** Must return `actor`: after every step the live actor's state (and context) must equal the model's. */
  mount: (tools: MountTools) => (H & { actor: LiveActor }) | Promise<H & { actor: LiveActor }>;
  /** One driver per user event type; actor outcomes and timers have defaults and may be overridden by id. */
  drive: { [K in Events<M>['type']]?: Driver<Extract<Events<M>, { type: K }>, H> };
  /** `step.event` is the event just driven (undefined before the first), `step.history` all of them so far. */
  states: Record<string, (h: Harness<H>, snapshot: AnyMachineSnapshot, step: StepInfo) => unknown>;
};

/** Let promise callbacks, xstate and React finish the consequences of the last step. */
export async function settle() {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((r) => setTimeout(r, 0));
  });
}

/**
 * A delayed transition fires at `wait` ms, not a millisecond sooner: fake time runs to 1 ms short of it,
 * `count()` (calls made, probes sent…) must not have moved, then the last millisecond passes.
 */
export async function exactlyAfter(wait: number, count: () => number, what: string) {
  const before = count();
  act(() => void vi.advanceTimersByTime(wait - 1));
  await settle();
  expect(count(), `no ${what} before ${wait} ms`).toBe(before);
  act(() => void vi.advanceTimersByTime(1));
}

function builtinDriver<H>(type: string, delays: Record<string, number>): Driver<EventObject, H> | undefined {
  const actorId = (prefix: string) => type.slice(prefix.length);
  if (type.startsWith('xstate.done.actor.'))
    return (e, h) =>
      act(async () => h.fakes.resolve(actorId('xstate.done.actor.'), (e as { output?: unknown }).output));
  if (type.startsWith('xstate.error.actor.'))
    return (e, h) => act(async () => h.fakes.reject(actorId('xstate.error.actor.'), (e as { error?: unknown }).error));
  if (type.startsWith('xstate.after.')) {
    const delay = type.slice('xstate.after.'.length).split('.')[0];
    const ms = delays[delay] ?? Number(delay);
    if (Number.isNaN(ms)) throw new Error(`no entry in 'delays' for ${delay}`);
    return () =>
      act(() => {
        vi.advanceTimersByTime(ms);
      });
  }
  return undefined;
}

const driverOf = <H>(config: { drive: object }, type: string) =>
  (config.drive as Record<string, Driver<EventObject, H> | undefined>)[type];

const asData = (value: unknown) => JSON.parse(JSON.stringify(value ?? null));

const liveActorOf = (h: { actor?: LiveActor }) => (typeof h.actor === 'function' ? h.actor() : h.actor);

/** Every dotted state path of the machine (compound and leaf), for keys that name no state. */
const statePaths = (machine: AnyStateMachine) => new Set(getStateNodes(machine.root).map((n) => n.path.join('.')));

/** Own model-based suites of the children this machine invokes (lazily read, see mbt-children.ts). */
export async function childrenCoverage(machine: AnyStateMachine) {
  const children = childMachines(machine);
  const suites = children.length ? await ownSuites() : new Map<string, string[]>();
  return children.map((c) => ({ ...c, suites: suites.get(c.id) ?? [] }));
}
type ChildCoverage = Awaited<ReturnType<typeof childrenCoverage>>[number];

const childrenLine = (children: ChildCoverage[]) =>
  children.length
    ? `; children: ${children.map((c) => `${c.id} covered by ${c.suites.length ? c.suites.join(', ') : "the parent's paths"}`).join(', ')}`
    : '; children: none';

/**
 * Fails when a leaf state or a declared transition has no path, a leaf state has no assertion keyed
 * on exactly that state (a parent key only adds shared checks), a key names no state, or an event
 * has no driver. Prints the coverage line with the child machines and where they are covered.
 */
export async function checkCoverage<M extends AnyStateMachine, H extends object>(
  name: string,
  plan: Plan,
  config: ModelConfig<M, H>,
) {
  const problems: string[] = [];
  for (const s of plan.coverage.states.missing) problems.push(`state without a path: ${s}`);
  for (const t of plan.coverage.transitions.missing) problems.push(`transition without a path: ${t}`);
  const assertKeys = Object.keys(config.states).filter((k) => k !== '*');
  for (const leaf of plan.leafStates) {
    if (!assertKeys.includes(leaf)) problems.push(`state without an assertion of its own: ${leaf}`);
  }
  const known = statePaths(config.machine);
  for (const key of assertKeys)
    if (!known.has(key)) problems.push(`assertion for a state the machine does not have: ${key}`);
  const delays = config.delays ?? {};
  const types = new Set(plan.paths.flatMap((p) => p.steps.map((s) => s.event.type)));
  for (const type of types) {
    if (!driverOf(config, type) && !builtinDriver(type, delays)) problems.push(`event without a driver: ${type}`);
  }
  const children = await childrenCoverage(config.machine);
  console.info(`[mbt] ${coverageLine(name, plan)}${childrenLine(children)}`);
  if (problems.length) throw new Error(`${name} model coverage:\n  ${problems.join('\n  ')}`);
  return children;
}

type Observer = ReturnType<typeof childObserver>;

/** Runs one planned path against a fresh mount, checking the live actor and every matching assertion after each step. */
export async function runPath<M extends AnyStateMachine, H extends object>(
  config: ModelConfig<M, H>,
  path: PlannedPath,
  observer?: Observer,
) {
  installDomProbe();
  const delays = config.delays ?? {};
  if (config.fakeTimers) vi.useFakeTimers();
  const user = userEvent.setup({ delay: null, advanceTimers: config.fakeTimers ? vi.advanceTimersByTime : undefined });
  const fakes = createDeferredActors();
  const mounted = await config.mount({ fakes, user });
  const h = { ...mounted, fakes, user } as Harness<H>;
  await settle();

  const leaves = new Set(leafPaths(config.machine));
  const history: EventObject[] = [];
  const check = async (snapshot: AnyMachineSnapshot, where: string) => {
    try {
      const actor = liveActorOf(h);
      if (!actor)
        throw new Error('no live actor: `mount` must return the actor on screen (or a function that finds it)');
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      expect(live.value, 'live state').toEqual(snapshot.value);
      if (config.compareContext !== false)
        expect(asData(live.context), 'live context').toEqual(asData(snapshot.context));
      observer?.observe(actor);
      const keys = Object.keys(config.states).filter((k) => matchesKey(snapshot, k));
      for (const key of keys) {
        const reads = domReads();
        const expects = expect.getState().assertionCalls;
        await config.states[key](h, snapshot, { event: history.at(-1), history: [...history] });
        // '*' and parent keys hold shared checks (storage, URL, calls); each leaf state's own assertion must look at the screen.
        if (!leaves.has(key)) continue;
        if (domReads() === reads)
          throw new Error(`the assertion for '${key}' read nothing from the rendered screen (context-only or empty)`);
        if (expect.getState().assertionCalls === expects)
          throw new Error(`the assertion for '${key}' made no expect() call`);
      }
    } catch (error) {
      const state = JSON.stringify(snapshot.value);
      (error as Error).message = `${where} (state ${state}):\n${(error as Error).message}`;
      throw error;
    }
  };

  await check(path.initial, 'initial');
  for (const [i, step] of path.steps.entries()) {
    const driver = driverOf(config, step.event.type) ?? builtinDriver<H>(step.event.type, delays);
    if (!driver) throw new Error(`no driver for ${step.event.type}`);
    await driver(step.event, h);
    await settle();
    history.push(step.event);
    await check(step.state, `after step ${i + 1} ${describeEvent(step.event)}${step.ignored ? ' (ignored)' : ''}`);
  }
}

export function describeModel<M extends AnyStateMachine, H extends object>(
  name: string,
  config: ModelConfig<M, H>,
): Plan {
  const plan = planModel(config.machine, config as PlanOptions<EventObject>);
  const children = childMachines(config.machine);
  const observer = childObserver(children);
  let covered: ChildCoverage[] = [];

  describe(`${name} (model-based)`, () => {
    it(`covers every state and transition of ${name}`, async () => {
      covered = await checkCoverage(name, plan, config);
    });

    for (const path of plan.paths) it(path.description, () => runPath(config, path, observer));

    // A child without a suite of its own must have been seen in every one of its leaf states.
    for (const child of children) {
      it(`covers the child machine ${child.id} (invoked as ${child.invokedAs.join(', ')})`, () => {
        const own = covered.find((c) => c.id === child.id)?.suites ?? [];
        const seen = observer.seen.get(child.id)!;
        const leaves = observer.leaves.get(child.id)!;
        console.info(
          `[mbt] ${name} child ${child.id}: ${own.length ? `own suite ${own.join(', ')}` : 'no own suite'}; seen through the parent's paths in ${seen.size}/${leaves.length} states`,
        );
        if (own.length) return;
        expect(
          leaves.filter((l) => !seen.has(l)),
          `${child.id} states never reached through ${name}'s paths`,
        ).toEqual([]);
      });
    }
  });
  return plan;
}
