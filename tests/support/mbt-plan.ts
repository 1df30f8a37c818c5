/**
 * The pure half of the model-based runner (see mbt.ts for the API): walks a production machine with
 * `xstate/graph`, keeps one shortest path per (transition taken × event case) and per leaf state, drops
 * paths that are prefixes of others, and measures state and transition coverage against the machine's
 * own definition, so an event missing from the `events` list shows up as an uncovered transition.
 */
import {
  createActor,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { getShortestPaths, getStateNodes, serializeSnapshot } from 'xstate/graph';

type AnyStateNode = ReturnType<typeof getStateNodes>[number];
type TransitionDef = AnyStateNode['transitions'] extends Map<string, Array<infer T>> ? T : never;

/** Actor outcomes and timers, which the machine's own event union does not name. */
export type BuiltinEvent =
  | { type: `xstate.done.actor.${string}`; output?: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export type EventsSpec<E extends EventObject> =
  | ReadonlyArray<E | BuiltinEvent>
  | ((snapshot: AnyMachineSnapshot) => ReadonlyArray<E | BuiltinEvent>)
  /** Keyed by dotted state path ('editing', 'form.invalid') or '*'; lists of every matching key are joined. */
  | Partial<Record<string, ReadonlyArray<E | BuiltinEvent>>>;

export type PlanOptions<E extends EventObject> = {
  events: EventsSpec<E>;
  input?: unknown;
  /** Keep a path that ends in an event this state ignores, when "nothing happens" is worth asserting. */
  keepIgnored?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /**
   * What tells apart the snapshots a kept ignored event is asserted from (default: `stateKey`, else the whole
   * snapshot): for a form, why it cannot be sent (which fields are missing or wrong), so "Save does nothing" is
   * checked once per reason instead of once per combination of the values typed.
   */
  ignoredKey?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * 'shortest' (default): one shortest path per state reached. 'transitions': every transition of the state
   * graph (each event case from each state) after the shortest route to the state it leaves, so a state
   * reached by several routes keeps a path per route in. It replaced xstate/graph's every-simple-path walk,
   * whose cost grows with the number of paths: buy's flow spent 344 s planning 22 paths that way, 0.1 s now.
   */
  generator?: 'shortest' | 'transitions';
  /**
   * Classes of context that matter (e.g. `s => s.context.error?.kind ?? 'none'`): each transition and
   * event case is then covered from every class it occurs in, not just once.
   */
  classify?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * What tells two snapshots apart while planning (default: the whole snapshot, value and context). A model
   * whose context carries values that never change what can happen next (the digits of an amount, where its
   * kind decides) names what does: the walk then visits each kind once, by its shortest route, instead of
   * every combination of values. Paths and assertions still use the real snapshots along each route.
   */
  stateKey?: (snapshot: AnyMachineSnapshot) => string;
};

export type PlannedStep = { event: EventObject; state: AnyMachineSnapshot; ignored: boolean };
export type PlannedPath = { initial: AnyMachineSnapshot; steps: PlannedStep[]; description: string };

export type Coverage = {
  states: { total: string[]; missing: string[] };
  transitions: { total: string[]; missing: string[] };
};

export type Plan = { paths: PlannedPath[]; coverage: Coverage; leafStates: string[] };

export const statePathOf = (node: AnyStateNode) => node.path.join('.');

/** 'a.b.c' → { a: { b: 'c' } }, the shape `snapshot.matches` takes. */
export function stateValueOf(dotted: string): string | Record<string, unknown> {
  const [head, ...rest] = dotted.split('.');
  return rest.length ? { [head]: stateValueOf(rest.join('.')) } : head;
}

export function matchesKey(snapshot: AnyMachineSnapshot, key: string): boolean {
  return key === '*' || snapshot.matches(stateValueOf(key) as never);
}

function eventsFor<E extends EventObject>(spec: EventsSpec<E>, snapshot: AnyMachineSnapshot) {
  if (typeof spec === 'function') return spec(snapshot);
  if (Array.isArray(spec)) return spec as ReadonlyArray<E | BuiltinEvent>;
  return Object.entries(spec as Record<string, ReadonlyArray<E | BuiltinEvent>>)
    .filter(([key]) => matchesKey(snapshot, key))
    .flatMap(([, list]) => list ?? []);
}

const guardName = (guard: unknown): string => {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard && 'type' in guard) return String((guard as { type: unknown }).type);
  return (guard as { name?: string }).name || 'inline';
};

function transitionLabels(machine: AnyStateMachine): Map<TransitionDef, string> {
  const labels = new Map<TransitionDef, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const [descriptor, defs] of node.transitions) {
      // Completion of a compound state is internal plumbing, not something a user or actor does.
      if (descriptor.startsWith('xstate.done.state.')) continue;
      defs.forEach((def) => {
        const guard = guardName(def.guard);
        const targets = def.target?.map((t: AnyStateNode) => statePathOf(t)).join(',') || '(self)';
        labels.set(def, `${statePathOf(node) || '(root)'} ─${descriptor}${guard ? ` [${guard}]` : ''}→ ${targets}`);
      });
    }
  }
  return labels;
}

/** Errors by what tells them apart (code and field, OAuth error, class), other values as short JSON. */
const short = (value: unknown): string => {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.code === 'string') return [v.status, v.code, v.field].filter(Boolean).join(' ');
    if (typeof v.error === 'string') return v.error;
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 48 ? `${text.slice(0, 45)}…` : text;
};

export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const name = type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\./, 'after:');
  const keys = Object.keys(payload);
  if (!keys.length) return name;
  return `${name}(${keys.length === 1 ? short(payload[keys[0]]) : short(payload)})`;
}

type RawStep = { event: EventObject; state: AnyMachineSnapshot };
type RawPath = { steps: RawStep[] };

/**
 * The walk for 'transitions' and for a model with a `stateKey`: breadth first, each key's first snapshot kept
 * together with the route that reached it (and, for 'transitions', every event case from it as a path of its
 * own), so each path's states are the ones its own events lead to. xstate/graph's walks keep one snapshot per key but chain routes key by key: with a key coarser
 * than the snapshot, a path's events could come from one route and its states from another.
 */
function keyedPaths<E extends EventObject>(
  machine: AnyStateMachine,
  options: PlanOptions<E>,
  serializeState: (s: AnyMachineSnapshot, e: EventObject | undefined) => string,
): RawPath[] {
  const [first] = initialTransition(machine, options.input);
  const routes: RawStep[][] = [[{ event: { type: 'xstate.init' }, state: first as AnyMachineSnapshot }]];
  const seen = new Set([serializeState(first as AnyMachineSnapshot, undefined)]);
  const paths: RawPath[] = [];
  for (const route of routes) {
    paths.push({ steps: route });
    const from = route[route.length - 1]!.state;
    for (const event of eventsFor(options.events, from)) {
      const [next] = transition(machine, from, event as never);
      const steps = [...route, { event, state: next as AnyMachineSnapshot }];
      if (options.generator === 'transitions') paths.push({ steps });
      const key = serializeState(next as AnyMachineSnapshot, event);
      if (!seen.has(key)) {
        seen.add(key);
        routes.push(steps);
      }
    }
  }
  return paths;
}

export function planModel<E extends EventObject>(machine: AnyStateMachine, options: PlanOptions<E>): Plan {
  const keyOf = options.stateKey ?? ((s: AnyMachineSnapshot) => serializeSnapshot(s));
  const serializeState = (s: AnyMachineSnapshot, e: EventObject | undefined) => `${keyOf(s)}|${e?.type ?? ''}`;
  const traversal = {
    input: options.input,
    events: ((s: AnyMachineSnapshot) => eventsFor(options.events, s)) as never,
    serializeState: serializeState as never,
  };
  const raw = (
    options.stateKey || options.generator === 'transitions'
      ? keyedPaths(machine, options, serializeState)
      : getShortestPaths(machine, traversal)
  ) as RawPath[];

  // An actor's own first snapshot (created, never started: no child runs, no action fires), so events the
  // machine raises on entry are taken as the live actor takes them (a bare getInitialSnapshot drops them).
  const initial = createActor(machine, { input: options.input }).getSnapshot() as AnyMachineSnapshot;
  const labels = transitionLabels(machine);
  const leaves = getStateNodes(machine.root).filter((n) => n.type === 'atomic' || n.type === 'final');
  const leafStates = leaves.map(statePathOf);

  const visitedLeaves = new Set<string>();
  const taken = new Set<string>();
  const best = new Map<string, PlannedPath>();
  const offer = (key: string, path: PlannedPath) => {
    const current = best.get(key);
    if (!current || current.steps.length > path.steps.length) best.set(key, path);
  };

  for (const path of raw) {
    const steps: PlannedStep[] = [];
    let prev = initial;
    for (const step of path.steps) {
      if (step.event.type === 'xstate.init') continue;
      const ignored = !prev.can(step.event as never);
      steps.push({ event: step.event, state: step.state, ignored });
      prev = step.state;
    }
    const last = steps[steps.length - 1];
    const before = steps.length > 1 ? steps[steps.length - 2].state : initial;
    if (last?.ignored && !options.keepIgnored?.(before, last.event)) continue;
    const planned: PlannedPath = {
      initial,
      steps,
      description: steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial state)',
    };
    for (const leaf of leaves) {
      if (!matchesKey(prev, statePathOf(leaf))) continue;
      visitedLeaves.add(statePathOf(leaf));
      offer(`S:${statePathOf(leaf)}`, planned);
    }
    if (!last) continue;
    const eventKey = JSON.stringify(last.event);
    if (last.ignored) {
      offer(`I:${(options.ignoredKey ?? keyOf)(before)}|${eventKey}`, planned);
      continue;
    }
    const defs = (machine.getTransitionData(before as never, last.event as never) ?? []) as TransitionDef[];
    for (const def of defs) {
      const label = labels.get(def);
      if (label) taken.add(label);
    }
    offer(`T:${defs.map((d) => labels.get(d)).join('+')}|${eventKey}|${options.classify?.(before) ?? ''}`, planned);
  }

  // A path that is the prefix of a longer chosen path is already asserted step by step there.
  const signature = (p: PlannedPath) => p.steps.map((s) => serializeState(s.state, s.event)).join('\n') + '\n';
  const chosen = [...new Set(best.values())].sort((a, b) => b.steps.length - a.steps.length);
  const kept: Array<{ path: PlannedPath; sig: string }> = [];
  for (const path of chosen) {
    const sig = signature(path);
    if (!kept.some((k) => k.sig.startsWith(sig))) kept.push({ path, sig });
  }

  const allTransitions = [...labels.values()];
  const paths = kept.map((k) => k.path).reverse();
  const seen = new Map<string, number>();
  for (const path of paths) {
    const n = (seen.get(path.description) ?? 0) + 1;
    seen.set(path.description, n);
    if (n > 1) path.description += ` #${n}`;
  }
  return {
    paths,
    leafStates,
    coverage: {
      states: { total: leafStates, missing: leafStates.filter((s) => !visitedLeaves.has(s)) },
      transitions: { total: allTransitions, missing: allTransitions.filter((t) => !taken.has(t)) },
    },
  };
}

export function coverageLine(name: string, plan: Plan): string {
  const { states, transitions } = plan.coverage;
  const n = (c: { total: string[]; missing: string[] }) => `${c.total.length - c.missing.length}/${c.total.length}`;
  return `${name}: states ${n(states)}, transitions ${n(transitions)}, paths ${plan.paths.length}`;
}
