/**
 * Counts reads of the rendered document, so the model-based runner can fail a state assertion that
 * never looked at the screen (one that only re-reads the machine's own context, or does nothing).
 * Every Testing Library query ends in querySelector(All) on its container; assertions on an element
 * already in hand read its text, attributes or form state. Those entry points are wrapped once per
 * test file (jsdom is per file) and only bump a counter.
 */
let reads = 0;
let installed = false;

const METHODS = [
  'querySelector',
  'querySelectorAll',
  'getElementById',
  'getElementsByTagName',
  'getElementsByClassName',
  'getElementsByName',
  'getAttribute',
  'hasAttribute',
  'matches',
  'closest',
];
const GETTERS = ['textContent', 'innerHTML', 'value', 'checked', 'disabled', 'hidden'];

function wrap(proto: object) {
  for (const name of METHODS) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof d?.value !== 'function') continue;
    const original = d.value as (...args: unknown[]) => unknown;
    Object.defineProperty(proto, name, {
      ...d,
      value: function counted(this: unknown, ...args: unknown[]) {
        reads += 1;
        return original.apply(this, args);
      },
    });
  }
  for (const name of GETTERS) {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d?.get) continue;
    const original = d.get;
    Object.defineProperty(proto, name, {
      ...d,
      get: function counted(this: unknown) {
        reads += 1;
        return original.call(this);
      },
    });
  }
}

export function installDomProbe() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const w = window as unknown as Record<string, { prototype: object } | undefined>;
  for (const ctor of [
    'Node',
    'Element',
    'Document',
    'DocumentFragment',
    'HTMLElement',
    'HTMLInputElement',
    'HTMLButtonElement',
    'HTMLTextAreaElement',
    'HTMLSelectElement',
    'HTMLFieldSetElement',
    'HTMLOptionElement',
  ]) {
    const proto = w[ctor]?.prototype;
    if (proto) wrap(proto);
  }
}

/** Reads of the document so far (monotonic; compare before and after an assertion). */
export const domReads = () => reads;
