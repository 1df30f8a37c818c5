/**
 * Guard (issue 21 item 5): no assertion that cannot fail once its query succeeds. `getBy…`/`findBy…` throw
 * when nothing matches, so `expect(getBy…(…)).toBeTruthy()` (or `.toBeDefined()`, `.not.toBeNull()`) asserts
 * nothing more; assert what the element says or its state instead (`says`, `isEnabled`, `aria-checked`…).
 * Two slipped back in with the notifications section: this keeps the next one out.
 */
import { expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['../flows/**/*.test.{ts,tsx}', '../machines/**/*.test.{ts,tsx}', '../unit/**/*.test.{ts,tsx}', '../e2e/*.ts'],
  { query: '?raw', import: 'default' },
);

// `expect(` then a throwing query whose call closes the expect, then a check every element passes.
const query = String.raw`(?:screen\.|within\([^)]*\)\.|\b)(?:get|find)(?:All)?By[A-Za-z]+\(`;
const vacuous = new RegExp(
  String.raw`expect\((?:await\s+)?${query}(?:(?!\)\s*\.)[^;])*?\)\)\s*\.(?:toBeTruthy\(\)|toBeDefined\(\)|not\.toBeNull\(\)|not\.toBeUndefined\(\))`,
  'g',
);

export function vacuousAssertions(source: string): string[] {
  return [...source.matchAll(vacuous)].map((m) => m[0].replace(/\s+/g, ' '));
}

it('finds the pattern it looks for, and not an assertion on what the element says', () => {
  expect(vacuousAssertions("expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();")).toHaveLength(1);
  expect(vacuousAssertions("expect(await screen.findByText('Done')).toBeDefined();")).toHaveLength(1);
  expect(vacuousAssertions("expect(getAllByRole('row')).not.toBeNull();")).toHaveLength(1);
  expect(vacuousAssertions("expect(screen.getByRole('alert').textContent).toBe('Saved');")).toEqual([]);
  expect(vacuousAssertions("expect(screen.queryByRole('switch')).toBeNull();")).toEqual([]);
  expect(vacuousAssertions("expect(screen.getByTestId('qr').querySelector('svg')).not.toBeNull();")).toEqual([]);
});

it('no test asserts only that a throwing query found something', async () => {
  const found: string[] = [];
  for (const [path, load] of Object.entries(sources)) {
    if (path.endsWith('/assertions-guard.test.ts')) continue;
    for (const hit of vacuousAssertions(await load())) found.push(`${path.replace(/^\.\.\//, 'tests/')}: ${hit}`);
  }
  expect(Object.keys(sources).length).toBeGreaterThan(100);
  expect(found).toEqual([]);
});
