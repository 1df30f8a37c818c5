/**
 * Guard (issue 21 item 5): every machine in machines/*.machine.ts has a model-based suite — a test file
 * under tests/ that imports it and runs the shared runner on it (`describeModel` from tests/support/mbt,
 * which fails on any state or transition without a path). A new machine without one fails here.
 * How a suite is recognised: tests/support/mbt-suites.ts.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { describedMachines, skipsTests, suiteMachines, usesSharedRunner } from '../support/mbt-suites';

/**
 * Machines allowed to have no suite of their own, each with the reason, keyed '<module>#<export>'.
 * Empty: every machine has one. An entry that is no longer needed (the machine has a suite or is gone) fails.
 */
const WITHOUT_SUITE: Record<string, string> = {};

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts');
const testSources = import.meta.glob<string>(
  ['../flows/**/*.test.{ts,tsx}', '../machines/**/*.test.{ts,tsx}', '../unit/**/*.test.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
  },
);

const isMachine = (value: unknown): value is AnyStateMachine =>
  !!value && typeof value === 'object' && 'root' in value && 'getInitialSnapshot' in value && 'provide' in value;

const moduleName = (path: string) => path.replace(/^.*\/machines\//, '').replace(/\.machine\.ts$/, '');

describe('every machine has a model-based suite', () => {
  it('finds the machines and the suites', async () => {
    // A provided copy (`keypadForParent = passcodeKeypadMachine.provide(…)`) shares its original's
    // definition: one machine, listed by its first export, covered by a suite of any of its exports.
    const machines: string[] = [];
    const noMachine: string[] = [];
    const definitions = new Map<unknown, string>();
    const sameAs = new Map<string, string>();
    for (const [path, load] of Object.entries(machineModules)) {
      const exported = Object.entries(await load()).filter(([, v]) => isMachine(v)) as [string, AnyStateMachine][];
      if (exported.length === 0) noMachine.push(path);
      for (const [name, machine] of exported) {
        const key = `${moduleName(path)}#${name}`;
        const first = definitions.get(machine.config);
        if (first) sameAs.set(key, first);
        else {
          definitions.set(machine.config, key);
          machines.push(key);
        }
      }
    }
    expect(noMachine, 'machine files that export no machine').toEqual([]);
    expect(machines.length, 'machines found in machines/*.machine.ts').toBeGreaterThan(0);

    const suites = new Map<string, string[]>();
    const skipping: string[] = [];
    for (const [path, load] of Object.entries(testSources)) {
      if (path === '../unit/mbt-guard.test.ts') continue; // its examples below are strings, not suites
      const source = await load();
      const file = path.replace(/^\.\.\//, 'tests/');
      if (usesSharedRunner(source) && describedMachines(source).length && skipsTests(source)) skipping.push(file);
      for (const { module, exported } of suiteMachines(source)) {
        const key = sameAs.get(`${module}#${exported}`) ?? `${module}#${exported}`;
        suites.set(key, [...new Set([...(suites.get(key) ?? []), file])]);
      }
    }

    const missing = machines.filter((m) => !suites.has(m) && !(m in WITHOUT_SUITE));
    const stale = Object.keys(WITHOUT_SUITE).filter((m) => suites.has(m) || !machines.includes(m));
    console.info(
      `[mbt-guard] ${machines.length - missing.length - Object.keys(WITHOUT_SUITE).length}/${machines.length} machines with a model-based suite` +
        `; allowed without: ${
          Object.keys(WITHOUT_SUITE).length
            ? Object.entries(WITHOUT_SUITE)
                .map(([m, why]) => `${m} (${why})`)
                .join(', ')
            : 'none'
        }`,
    );
    expect(skipping, 'suite files that skip tests (their suites do not count)').toEqual([]);
    expect(missing, 'machines without a model-based suite (add one with describeModel from tests/support/mbt)').toEqual(
      [],
    );
    expect(stale, 'WITHOUT_SUITE entries no longer needed').toEqual([]);
  }, 120_000); // it transforms every machine module and reads every test file: slow on a loaded 2-core machine
});

describe('how a suite is recognised', () => {
  const header = `import { describeModel } from '../support/mbt';\nimport { fooMachine, type FooEvent, barMachine as bar } from '../../machines/foo.machine';\n`;

  it('counts describeModel on an imported machine, with generics, .provide() or an alias', () => {
    expect(suiteMachines(`${header}describeModel('foo', { machine: fooMachine, events: [] });`)).toEqual([
      { module: 'foo', exported: 'fooMachine' },
    ]);
    expect(
      suiteMachines(
        `${header}describeModel<typeof fooMachine, H>('foo', {\n  input,\n  machine: fooMachine.provide({}),\n});`,
      ),
    ).toEqual([{ module: 'foo', exported: 'fooMachine' }]);
    expect(suiteMachines(`${header}describeModel('bar', { machine: bar });`)).toEqual([
      { module: 'foo', exported: 'barMachine' },
    ]);
  });

  it('counts a machine in a ModelConfig built by a factory for describeModel', () => {
    const factory = `${header}const model = (x: boolean): ModelConfig<typeof fooMachine, H> => ({\n  machine: fooMachine,\n});\ndescribeModel('foo', model(true));`;
    expect(suiteMachines(factory)).toEqual([{ module: 'foo', exported: 'fooMachine' }]);
  });

  it('does not count a commented-out call, a skipped file, a machine of another module or another runner', () => {
    expect(suiteMachines(`${header}// describeModel('foo', { machine: fooMachine });`)).toEqual([]);
    expect(suiteMachines(`${header}/* describeModel('foo', { machine: fooMachine }); */`)).toEqual([]);
    expect(
      suiteMachines(`${header}describe.skip('x', () => {}); describeModel('foo', { machine: fooMachine });`),
    ).toEqual([]);
    expect(suiteMachines(`${header}const local = fooMachine; describeModel('foo', { machine: local });`)).toEqual([]);
    expect(
      suiteMachines(
        `import { fooMachine } from '../../machines/foo.machine';\ndescribeModel('foo', { machine: fooMachine });`,
      ),
    ).toEqual([]);
    expect(suiteMachines(`${header}it('x', () => { createActor(fooMachine); });`)).toEqual([]);
  });
});
