// Issue 21 item 3: no type holes where machines meet events. `as unknown as` and `as never` in machines/
// hide a done event's output, an actor's input or a transition list from the type checker; type them
// instead (named guards and actions take the output as params: machines/shared/output.ts).
// Run by `npm run lint` through scripts/layers.mjs; on its own: node scripts/machine-casts.mjs
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FORBIDDEN = /\bas\s+unknown\s+as\b|\bas\s+never\b/g;

async function sources(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.tsx?$/.test(e.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

/** Every forbidden cast under `dir`, as `file:line: text`. */
export async function machineCasts(dir = 'machines') {
  const found = [];
  for (const file of (await sources(dir)).sort()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(FORBIDDEN)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${text.split('\n')[line - 1].trim()}`);
    }
  }
  return found;
}

export function reportMachineCasts(found) {
  if (found.length === 0) return true;
  console.error(
    `machine-casts: ${found.length} forbidden cast(s) in machines/ (\`as unknown as\`, \`as never\`); type the event, input or output instead (machines/shared/output.ts):`,
  );
  for (const f of found) console.error(`  ${f}`);
  return false;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(reportMachineCasts(await machineCasts()) ? 0 : 1);
}
