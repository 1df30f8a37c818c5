// The quick loop (docs/testing.md): type check, lint (with the format check), the machine diagrams when a
// machine changed, and only the unit and gateway tests related to the files changed since a base (HEAD by
// default: the working tree's uncommitted and untracked files; `npm run test:quick -- main~3` for a range).
// Browser e2e and the full suites stay in `npm test`.
import { spawnSync } from 'node:child_process';

const base = process.argv[2] ?? 'HEAD';
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
].filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));

const run = (label, cmd, args) => {
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`--- ${label}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
};

console.log(`test:quick: ${changed.length} changed file(s) since ${base}`);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
if (changed.some((f) => f.startsWith('machines/')))
  run('machine diagrams', 'npm', ['run', '--silent', 'machines:docs', '--', '--check']);
if (changed.length === 0) {
  console.log('--- tests: nothing changed, none run');
} else {
  // `vitest related` runs the test files that import a changed file (directly or not), and changed test files.
  run('related tests', 'npx', ['vitest', 'related', '--run', '--passWithNoTests', ...changed]);
}
