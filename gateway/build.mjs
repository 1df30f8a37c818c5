// `npm run build:gateway`: the gateway as plain JavaScript for production (`node` runs it, no tsx at
// run time). esbuild transpiles every module of gateway/src and the contracts it imports one to one,
// keeping the tree from the repository's root (gateway/dist/gateway/src/…, gateway/dist/contracts/…)
// so every relative import, and every file a module finds next to itself (the Telegram harness's
// page, the database functions), works as it does from the sources. Types are checked by
// `npm run typecheck`, not here. Entry point: gateway/dist/gateway/src/main.js.
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
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
console.log(
  `gateway built: ${modules.length} modules, ${assets.length} files copied, ${Date.now() - started} ms → ${path.relative(root, out)}/gateway/src/main.js`,
);
