// The layer check (`npm run lint:layers`): dependency-cruiser with the rules of .dependency-cruiser.cjs.
// Called through its API because its CLI refuses Node 20, which this project supports (its own
// version gate; the API runs on 20). Version 18 is needed: its swc parser reads .tsx, and swc stands
// in for the TypeScript compiler API that TypeScript 7 no longer has.
//   node scripts/layers.mjs               fail on any violation
//   node scripts/layers.mjs --ignore-known   fail only on violations not in the committed baseline
//   node scripts/layers.mjs --write-known    write the baseline (only while moving code to the rules)
// It also fails on `as unknown as` / `as never` in machines/ (scripts/machine-casts.mjs; no baseline).
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { machineCasts, reportMachineCasts } from './machine-casts.mjs';

const KNOWN = '.dependency-cruiser-known-violations.json';
const SCOPE = ['contracts', 'machines', 'src', 'gateway'].filter((dir) => existsSync(dir));
const args = new Set(process.argv.slice(2));

const config = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
const options = { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true };
if (args.has('--ignore-known') && existsSync(KNOWN)) {
  options.knownViolations = JSON.parse(await readFile(KNOWN, 'utf8'));
}

const result = await cruise(SCOPE, options, config.options.enhancedResolveOptions ?? {});
const { summary } = result.output;
// The notice that TypeScript 7 has no compiler API to parse with does not apply: swc parses every file.
const env = summary.environment;
if (env?.issues) env.issues = env.issues.filter((issue) => issue.name !== 'missing-tsc-transpiler');

if (args.has('--write-known')) {
  const known = await format(result.output, { outputType: 'baseline' });
  await writeFile(KNOWN, known.output);
  console.log(`layers: wrote ${summary.violations.length} known violation(s) to ${KNOWN}`);
  process.exit(0);
}

const report = await format(result.output, { outputType: 'err-long' });
process.stdout.write(report.output);
const castsOk = reportMachineCasts(await machineCasts());
process.exit(report.exitCode > 0 || !castsOk ? 1 : 0);
