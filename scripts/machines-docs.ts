// `npm run machines:docs` writes docs/machines/<name>.md, one Mermaid state diagram per machine, read
// from the production definitions (machine.root), so the pictures cannot drift from the code.
// `npm run machines:docs -- --check` writes nothing and fails naming each stale, missing or extra file.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const MACHINES = 'machines';
const OUT = join('docs', 'machines');
const check = process.argv.includes('--check');

type Transition = { eventType: string; target?: readonly AnyStateNode[]; guard?: unknown };

/** Mermaid state ids are global to a diagram, so nested states are named by their full path. */
const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** Guards by name: 'x', { type: 'x' }, not('x'), and([...]), or([...]). */
function guardName(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = (guard as { guards?: unknown[] }).guards;
    if (parts) {
      const names = parts.map(guardName);
      return guard.name === 'not' ? `!${names[0]}` : names.join(guard.name === 'and' ? ' && ' : ' || ');
    }
    return guard.name || 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

const actorName = (src: unknown, id: string) => (typeof src === 'string' ? src : id);

/** Built-in event types read as what they mean: a delay, an invoked actor finishing or failing. */
function eventLabel(node: AnyStateNode, eventType: string): string {
  const delayed = node.after.find((t: { eventType: string }) => t.eventType === eventType) as
    | { delay?: unknown }
    | undefined;
  if (delayed) return `after(${String(delayed.delay)}${typeof delayed.delay === 'number' ? ' ms' : ''})`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done(${invokedName(node, done[1])})`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (failed) return `error(${invokedName(node, failed[1])})`;
  if (/^xstate\.done\.state\./.test(eventType)) return 'done';
  return eventType;
}

function invokedName(node: AnyStateNode, id: string): string {
  const def = node.invoke.find((i: { id: string }) => i.id === id) as { src: unknown; id: string } | undefined;
  return def ? actorName(def.src, def.id) : id;
}

/** Mermaid labels break on a few characters; keep the meaning, drop the syntax. */
const safe = (text: string) =>
  text
    .replace(/[:;{}#"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function transitionLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const emit = (t: Transition, label: string) => {
    const guard = guardName(t.guard);
    const text = safe(guard ? `${label} [${guard}]` : label);
    const targets = t.target?.length ? t.target : [node];
    for (const target of targets) lines.push(`${indent}${idOf(node)} --> ${idOf(target)} : ${text}`);
  };
  for (const [eventType, list] of node.transitions as Map<string, Transition[]>) {
    for (const t of list) emit(t, eventLabel(node, eventType));
  }
  for (const t of (node.always ?? []) as Transition[]) emit(t, 'always');
  return lines;
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  const id = idOf(node);
  const notes = [
    ...node.invoke.map((i: { src: unknown; id: string }) => `invoke ${actorName(i.src, i.id)}`),
    ...(node.tags.length ? [`tags ${node.tags.join(', ')}`] : []),
  ].map(safe);
  // Mermaid gives a composite state a label only, so its notes go into the label.
  const label = children.length && notes.length ? `${node.key} (${notes.join('; ')})` : node.key;
  lines.push(`${indent}state "${label}" as ${id}`);
  if (!children.length) for (const note of notes) lines.push(`${indent}${id} : ${note}`);
  if (children.length) {
    lines.push(`${indent}state ${id} {`);
    lines.push(...innerLines(node, `${indent}  `));
    lines.push(`${indent}}`);
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  return lines;
}

/** The inside of a compound or parallel node: its children, the initial arrow, their transitions. */
function innerLines(node: AnyStateNode, indent: string): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  const lines: string[] = [];
  if (node.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      lines.push(...stateLines(child, indent), ...transitionLines(child, indent));
    });
    return lines;
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  for (const child of children) lines.push(...stateLines(child, indent));
  for (const child of children) lines.push(...transitionLines(child, indent));
  return lines;
}

/** Every transition of the machine, for the legend: events, guards, delays and invoked actors by name. */
function legend(machine: AnyStateMachine) {
  const events = new Set<string>();
  const guards = new Set<string>();
  const delays = new Set<string>();
  const actors = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, list] of node.transitions as Map<string, Transition[]>) {
      if (!eventType.startsWith('xstate.')) events.add(eventType);
      for (const t of list) if (t.guard !== undefined) guards.add(guardName(t.guard));
    }
    for (const t of (node.always ?? []) as Transition[]) if (t.guard !== undefined) guards.add(guardName(t.guard));
    for (const t of node.after as { delay: unknown }[]) delays.add(String(t.delay));
    for (const i of node.invoke as { src: unknown; id: string }[]) actors.add(actorName(i.src, i.id));
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  const list = (title: string, items: Set<string>) =>
    `- **${title}**: ${
      items.size
        ? [...items]
            .sort()
            .map((x) => `\`${x}\``)
            .join(', ')
        : 'none'
    }`;
  // The root has no box in the diagram: what it handles in every state is listed here instead.
  const rootLines = [...(machine.root.transitions as Map<string, Transition[]>)].flatMap(([eventType, list]) =>
    list.map((t) => {
      const guard = guardName(t.guard);
      const to = t.target?.length ? ` → ${t.target.map((n) => n.path.join('.') || '(root)').join(', ')}` : '';
      return `\`${eventLabel(machine.root, eventType)}${guard ? ` [${guard}]` : ''}${to}\``;
    }),
  );
  return [
    list('Events', events),
    list('Guards', guards),
    list('Delays', delays),
    list('Invoked actors', actors),
    `- **Handled in every state**: ${rootLines.length ? rootLines.join(', ') : 'none'}`,
  ].join('\n');
}

function render(file: string, machine: AnyStateMachine): string {
  // Mermaid splits regions (`--`) only inside a composite state, so a parallel root gets a box of its own.
  const body =
    machine.root.type === 'parallel'
      ? [`  state "${machine.id}" as ${idOf(machine.root)} {`, ...innerLines(machine.root, '    '), '  }']
      : innerLines(machine.root, '  ');
  const diagram = ['stateDiagram-v2', ...body].join('\n');
  return [
    `# ${machine.id}`,
    '',
    `Generated by \`npm run machines:docs\` from [\`${MACHINES}/${file}\`](../../${MACHINES}/${file}); do not edit by hand.`,
    ...(machine.root.description ? ['', machine.root.description] : []),
    '',
    '```mermaid',
    diagram,
    '```',
    '',
    legend(machine),
    '',
  ].join('\n');
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value;

const files = readdirSync(MACHINES)
  .filter((f) => f.endsWith('.machine.ts'))
  .sort();
const wanted = new Map<string, string>();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(process.cwd(), MACHINES, file)).href)) as Record<string, unknown>;
  // A file may also export its machine with other implementations (`.provide(...)`): same states.
  const machines = [
    ...new Map(
      Object.values(mod)
        .filter(isMachine)
        .map((m) => [m.id, m] as const),
    ).values(),
  ];
  if (machines.length !== 1)
    throw new Error(`${MACHINES}/${file} exports ${machines.length} machines; one machine per file`);
  wanted.set(`${basename(file, '.machine.ts')}.md`, render(file, machines[0]));
}
wanted.set(
  'README.md',
  [
    '# Machine diagrams',
    '',
    'One state diagram per machine, generated by `npm run machines:docs` from `machines/*.machine.ts`;',
    '`npm test` fails when one is out of date.',
    '',
    ...[...wanted.keys()].map((name) => `- [${basename(name, '.md')}](${name})`),
    '',
  ].join('\n'),
);

const present = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith('.md')) : [];
if (check) {
  const problems = [
    ...[...wanted]
      .filter(([name, text]) => !present.includes(name) || readFileSync(join(OUT, name), 'utf8') !== text)
      .map(([name]) => `${join(OUT, name)} is ${present.includes(name) ? 'out of date' : 'missing'}`),
    ...present.filter((name) => !wanted.has(name)).map((name) => `${join(OUT, name)} has no machine any more`),
  ];
  if (problems.length) {
    console.error(
      `machines:docs: ${problems.length} diagram(s) differ from the machines; run \`npm run machines:docs\` and commit:`,
    );
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(`machines:docs: ${files.length} machine diagrams up to date`);
} else {
  mkdirSync(OUT, { recursive: true });
  for (const name of present) if (!wanted.has(name)) rmSync(join(OUT, name));
  for (const [name, text] of wanted) writeFileSync(join(OUT, name), text);
  console.log(`machines:docs: wrote ${files.length} machine diagrams and their index to ${OUT}`);
}
