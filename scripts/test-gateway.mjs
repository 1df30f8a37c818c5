// Gateway suite on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set,
// so one `npm test` exercises both databases the gateway supports.
import { spawnSync } from 'node:child_process';

const runs = [{ label: 'PGlite (embedded)', env: { ...process.env, DATABASE_URL: '' } }];
if (process.env.DATABASE_URL) runs.push({ label: `PostgreSQL (${process.env.DATABASE_URL})`, env: process.env });

for (const run of runs) {
  console.log(`\n=== gateway tests on ${run.label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'gateway', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: run.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
