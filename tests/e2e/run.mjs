// Browser e2e: starts the real gateway (serving the built app from dist/) on a free port with a fresh
// embedded database, then runs every tests/e2e/*.e2e.ts with node's test runner against it.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startGateway } from '../../scripts/lib/gateway.mjs';

let code = 1;
let gateway;
try {
  gateway = await startGateway();
  const only = process.env.E2E_ONLY;
  const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.e2e.ts') && (!only || f.includes(only))).map((f) => path.join('tests/e2e', f));
  const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: gateway.baseUrl },
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) console.error(`--- gateway log ---\n${gateway.log().slice(-8000)}`);
} catch (e) {
  console.error(e);
} finally {
  gateway?.stop();
}
process.exit(code);
