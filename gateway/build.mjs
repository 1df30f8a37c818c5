// `npm run build:gateway`: the gateway as plain JavaScript for production (`node` runs it, no tsx at
// run time). esbuild transpiles every module of gateway/src and the contracts it imports one to one,
// keeping the tree from the repository's root (gateway/dist/gateway/src/…, gateway/dist/contracts/…)
// so every relative import, and every file a module finds next to itself (the Telegram harness's
// page, the database functions), works as it does from the sources. Types are checked by
// `npm run typecheck`, not here. Entry point: gateway/dist/gateway/src/main.js.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'gateway/dist');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

const sources = ['gateway/src', 'contracts'].flatMap((dir) => walk(path.join(root, dir)));
const modules = sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'));
// Files a module reads beside itself at run time (the Telegram harness's page and script); the SQL
// functions and migrations are read where they are kept (db/migrator.ts).
const assets = walk(path.join(root, 'gateway/src')).filter((f) => !/\.(ts|sql|sol)$/.test(f));

// What the build is made of: when a finished build of exactly these files is there, it is kept, not
// rebuilt. The journeys' set-up builds, and so does `test:vitest`, whose crash tests start this build's
// gateway: run side by side, a rebuild deleted it under them (two crash tests failed so on 2026-12-07).
const hash = createHash('sha256');
for (const file of [...sources, ...assets, fileURLToPath(import.meta.url)].sort())
  hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
const digest = hash.digest('hex');
// Written last, so only a finished build has it.
const stamp = path.join(out, 'sources.sha256');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
  console.log(`gateway build is current (${path.relative(root, out)}), kept`);
  process.exit(0);
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: modules,
  outdir: out,
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of assets) cpSync(file, path.join(out, path.relative(root, file)));
writeFileSync(stamp, digest);
console.log(
  `gateway built: ${modules.length} modules, ${assets.length} files copied, ${Date.now() - started} ms → ${path.relative(root, out)}/gateway/src/main.js`,
);
