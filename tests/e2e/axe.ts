// axe-core on the screen the journey is showing, in both themes. Every violation is collected per
// screen × theme; the journey fails at the end of the screen check, naming the rule and the nodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Swaps the body's theme class for the other theme's (found as the class rule defining the same custom properties). */
async function switchTheme(page: Page): Promise<string> {
  return page.evaluate(() => {
    const rules: CSSStyleRule[] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        for (const rule of Array.from(sheet.cssRules))
          if (rule instanceof CSSStyleRule && /^\.[\w-]+$/.test(rule.selectorText)) rules.push(rule);
      } catch {}
    }
    const props = (r: CSSStyleRule) =>
      Array.from(r.style)
        .filter((p) => p.startsWith('--'))
        .sort()
        .join(',');
    const current = rules.find((r) => document.body.classList.contains(r.selectorText.slice(1)) && props(r).length > 0);
    if (!current) throw new Error('no theme class on <body>');
    const other = rules.find(
      (r) => r !== current && r.selectorText !== current.selectorText && props(r) === props(current),
    );
    if (!other) throw new Error('no second theme found');
    document.body.classList.replace(current.selectorText.slice(1), other.selectorText.slice(1));
    document.documentElement.style.colorScheme =
      document.documentElement.style.colorScheme === 'dark' ? 'light' : 'dark';
    return document.documentElement.style.colorScheme;
  });
}

async function run(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Contrast is measured on the final colours: wait for every running transition and finite animation (a
  // toast fading in, a switch sliding) to finish; spinners and skeletons loop forever and are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Checks the current screen in its theme and in the other one, then puts the theme back. */
export async function checkA11y(page: Page, screen: string): Promise<void> {
  const found: string[] = [];
  let nodes = 0;
  for (let pass = 0; pass < 2; pass++) {
    const scheme = await page.evaluate(() => document.documentElement.style.colorScheme || 'light');
    const violations = await run(page);
    for (const v of violations) {
      nodes += v.nodes.length;
      for (const n of v.nodes)
        found.push(
          `${screen} [${scheme}] ${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        );
    }
    if (process.env.AXE_LOG)
      appendFileSync(
        process.env.AXE_LOG,
        `${JSON.stringify({ screen, scheme, nodes: violations.reduce((s, v) => s + v.nodes.length, 0), rules: violations.map((v) => v.id), nodes_detail: violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' '))) })}\n`,
      );
    await switchTheme(page);
  }
  if (process.env.AXE_REPORT_ONLY) return;
  assert.equal(nodes, 0, `axe found ${nodes} violating node(s):\n${found.join('\n')}`);
}
