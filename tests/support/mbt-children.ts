/**
 * Child machines a parent invokes (the verify keypad inside send, the scanner, the digit keypad inside
 * set/change/verify): each must be covered by its own model-based suite or, failing that, through the
 * parent's paths (every leaf state of the child seen live while the parent's paths run).
 */
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { matchesKey } from './mbt-plan';
import { suiteMachines } from './mbt-suites';

export type ChildMachine = { id: string; machine: AnyStateMachine; invokedAs: string[] };

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  !!logic && typeof logic === 'object' && 'root' in logic && 'getInitialSnapshot' in logic && 'provide' in logic;

/** Machines invoked anywhere in `machine`, by their own id (a provided copy keeps the id). */
export function childMachines(machine: AnyStateMachine): ChildMachine[] {
  const actors = (machine.implementations?.actors ?? {}) as Record<string, unknown>;
  const found = new Map<string, ChildMachine>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const inv of node.invoke) {
      const logic = typeof inv.src === 'string' ? actors[inv.src] : inv.src;
      if (!isMachine(logic)) continue;
      const entry = found.get(logic.id) ?? { id: logic.id, machine: logic, invokedAs: [] };
      if (!entry.invokedAs.includes(inv.id)) entry.invokedAs.push(inv.id);
      found.set(logic.id, entry);
    }
  }
  return [...found.values()];
}

export const leafPaths = (machine: AnyStateMachine) =>
  getStateNodes(machine.root)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.path.join('.'));

/** Loaded lazily: only parents with children need the sources of every suite and machine. */
const suiteSources = import.meta.glob<string>(
  ['../flows/**/*.test.{ts,tsx}', '../machines/**/*.test.{ts,tsx}', '../unit/**/*.test.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
  },
);
const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts');

/**
 * Machine id → the suite files that run `describeModel` on it (recognised as in mbt-suites.ts: the
 * machine imported from machines/<name>.machine and passed as `machine:`, generics and `.provide()` allowed).
 */
export async function ownSuites(): Promise<Map<string, string[]>> {
  const idOf = new Map<string, string>();
  for (const [path, load] of Object.entries(machineModules)) {
    const module = path.replace(/^.*\/machines\//, '').replace(/\.machine\.ts$/, '');
    for (const [name, value] of Object.entries(await load()))
      if (isMachine(value)) idOf.set(`${module}#${name}`, value.id);
  }
  const suites = new Map<string, string[]>();
  for (const [path, load] of Object.entries(suiteSources)) {
    for (const { module, exported } of suiteMachines(await load())) {
      const id = idOf.get(`${module}#${exported}`);
      if (!id) continue;
      const file = path.replace(/^\.\.\/flows\//, '');
      suites.set(id, [...new Set([...(suites.get(id) ?? []), file])]);
    }
  }
  return suites;
}

/** Records, per child machine id, which of its leaf states were seen live during the parent's paths. */
export function childObserver(children: ChildMachine[]) {
  const seen = new Map(children.map((c) => [c.id, new Set<string>()]));
  const leaves = new Map(children.map((c) => [c.id, leafPaths(c.machine)]));
  return {
    seen,
    leaves,
    observe(parent: AnyActorRef) {
      const kids = (parent.getSnapshot() as AnyMachineSnapshot).children as Record<string, AnyActorRef | undefined>;
      for (const child of Object.values(kids ?? {})) {
        const id = (child as unknown as { logic?: { id?: string } })?.logic?.id;
        const set = id ? seen.get(id) : undefined;
        if (!child || !set) continue;
        const snapshot = child.getSnapshot() as AnyMachineSnapshot;
        for (const leaf of leaves.get(id!) ?? []) if (matchesKey(snapshot, leaf)) set.add(leaf);
      }
    },
  };
}
