/**
 * Which production machines have a model-based suite: a test file that imports the machine from
 * machines/<name>.machine and passes it to the shared runner (`describeModel(…, { machine: X })`, or
 * `machine: X.provide(…)`). Read from the sources, so a suite counts only where the runner is really
 * called on that machine: commented-out calls, calls on a machine of another module and files that
 * skip tests (`.skip`, `.todo`, `.only`, `skipIf`, `xit`) do not count.
 * Used by the guard (tests/unit/mbt-guard.test.ts) and by the child-machine coverage (mbt-children.ts).
 */

/** Drops block and line comments (not `//` inside a URL such as 'https://…'). */
export function stripComments(source: string) {
  return source.replace(/\/\*[^]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/[^\n]*/g, '$1');
}

export type MachineImport = { module: string; exported: string };

/** Local identifier → the machines/<module>.machine export it names. */
export function machineImports(source: string): Map<string, MachineImport> {
  const found = new Map<string, MachineImport>();
  const imports = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](?:\.\.?\/)+machines\/([\w.-]+)\.machine['"]/g;
  for (const [, names, module] of source.matchAll(imports)) {
    for (const spec of names.split(',')) {
      const m = spec.trim().match(/^(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?$/);
      if (m && !spec.trim().startsWith('type ')) found.set(m[2] ?? m[1], { module, exported: m[1] });
    }
  }
  return found;
}

/** Whether the file imports `describeModel` from the shared runner (tests/support/mbt). */
export const usesSharedRunner = (source: string) =>
  /import\s*\{[^}]*\bdescribeModel\b[^}]*\}\s*from\s*['"](?:\.\.\/)+support\/mbt['"]/.test(source);

/** Test modifiers that would keep a suite from running. */
export const skipsTests = (source: string) =>
  /\.(?:skip|skipIf|runIf|todo|only)\s*\(|\b(?:xit|xdescribe|xtest)\s*\(/.test(stripComments(source));

/**
 * The identifiers passed as `machine:` to describeModel: in the call itself (generic arguments allowed)
 * or in a `ModelConfig<…>` built for it (a factory such as `homeModel(remembered)`), in files that call it.
 */
export function describedMachines(source: string): string[] {
  const code = stripComments(source);
  const calls = [...code.matchAll(/\bdescribeModel\s*(?:<[^(]*?>)?\s*\(/g)].map((m) => m.index! + m[0].length);
  if (calls.length === 0) return [];
  const configs = [...code.matchAll(/\bModelConfig\s*</g)].map((m) => m.index!);
  const starts = [...calls, ...configs].sort((x, y) => x - y);
  return [
    ...new Set(
      starts.flatMap((start, i) => {
        const body = code.slice(start, starts[i + 1] ?? code.length);
        const m = body.match(/\bmachine:\s*(\w+)/);
        return m ? [m[1]] : [];
      }),
    ),
  ];
}

/** The machines/<module>.machine exports that a test file runs the shared model-based runner on. */
export function suiteMachines(source: string): MachineImport[] {
  if (!usesSharedRunner(source) || skipsTests(source)) return [];
  const imports = machineImports(source);
  return describedMachines(source).flatMap((local) => {
    const from = imports.get(local);
    return from ? [from] : [];
  });
}
