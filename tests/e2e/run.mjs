// Browser e2e: runs every tests/e2e/*.e2e.ts with node's test runner against the real gateway (serving
// the built app from dist/, a fresh database: see scripts/lib/gateway.mjs), E2E_CONCURRENCY journey files
// at a time (default 2).
//
// Journeys sign up their own users, so they can share a gateway; what they cannot share is the
// gateway's global dev switches (/dev/chain/behaviour, /dev/swap/behaviour, /dev/sell/payouts, …).
// So each concurrent slot has its own gateway, and a journey that calls any /dev/ route beyond the
// per-user ones below gets a fresh gateway of its own for its run: whatever it flips, no other
// journey sees it, even if it forgets to flip it back.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startGateway } from '../../scripts/lib/gateway.mjs';

/** Dev routes that only touch the caller's own user, address or order: safe on a shared gateway. */
const PER_USER_DEV_ROUTES = ['/dev/chain/deposit', '/dev/telegram', '/dev/mail', '/dev/acquirer/pay'];

/**
 * `// e2e-gateway-env: NAME=value …` lines in a journey: it runs on a gateway of its own started with
 * that environment (e.g. a reset hold of seconds instead of 24 hours).
 */
const gatewayEnvOf = (file) =>
  Object.fromEntries(
    [...readFileSync(file, 'utf8').matchAll(/^\/\/ e2e-gateway-env: (.+)$/gm)]
      .flatMap((m) => m[1].trim().split(/\s+/))
      .map((kv) => kv.split('=')),
  );

const needsOwnGateway = (file) => {
  const routes = readFileSync(file, 'utf8').match(/\/dev\/[A-Za-z0-9_/-]+/g) ?? [];
  return routes.some((r) => !PER_USER_DEV_ROUTES.some((safe) => r === safe || r.startsWith(`${safe}/`)));
};

function runFile(file, baseUrl) {
  return new Promise((resolve) => {
    const started = Date.now();
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], {
      env: { ...process.env, E2E_BASE_URL: baseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (c) => resolve({ code: c ?? 1, out, seconds: (Date.now() - started) / 1000 }));
  });
}

const only = process.env.E2E_ONLY;
// Longest journeys first (their size is a fair guess of their time), so the run does not end waiting on
// one long journey that started last while the other slots sit idle.
const files = readdirSync('tests/e2e')
  .filter((f) => f.endsWith('.e2e.ts') && (!only || f.includes(only)))
  .map((f) => path.join('tests/e2e', f))
  .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));
const concurrency = Math.max(1, Math.min(files.length, Number(process.env.E2E_CONCURRENCY ?? 2)));
const queue = [...files];
const gateways = new Set();
const failures = [];
const runStarted = Date.now();
// Several gateways booting at once on a busy 2-core machine (tsx + PGlite initdb each) can take a minute.
const boot = (env = {}) => startGateway(env, { startTimeoutMs: 180_000 });

async function slot(n) {
  let shared;
  try {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const env = gatewayEnvOf(file);
      const own = needsOwnGateway(file) || Object.keys(env).length > 0;
      let gateway;
      try {
        gateway = own ? await boot(env) : (shared ??= await boot());
        gateways.add(gateway);
        const { code, out, seconds } = await runFile(file, gateway.baseUrl);
        console.log(
          `\n--- ${file} (slot ${n}, ${own ? 'own gateway' : 'shared gateway'}, ${seconds.toFixed(1)} s) ${code === 0 ? 'passed' : 'FAILED'}\n${out}`,
        );
        if (code !== 0) failures.push({ file, log: gateway.log() });
      } catch (e) {
        console.error(`--- ${file}: ${e?.stack ?? e}`);
        failures.push({ file, log: gateway?.log() ?? '' });
      } finally {
        if (own && gateway) {
          gateways.delete(gateway);
          await gateway.stop();
        }
      }
    }
  } finally {
    gateways.delete(shared);
    await shared?.stop();
  }
}

try {
  await Promise.all(Array.from({ length: concurrency }, (_, i) => slot(i + 1)));
} finally {
  await Promise.all([...gateways].map((g) => g.stop()));
}
for (const f of failures) console.error(`--- gateway log for ${f.file} ---\n${f.log.slice(-8000)}`);
console.log(
  `\ne2e: ${files.length} journey files, ${files.length - failures.length} passed, ${failures.length} failed, ` +
    `concurrency ${concurrency}, ${((Date.now() - runStarted) / 1000).toFixed(1)} s`,
);
process.exit(failures.length === 0 && files.length > 0 ? 0 : 1);
