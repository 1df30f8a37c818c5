// The journeys' test API: @playwright/test with one real gateway per worker (a free port, a fresh database;
// scripts/lib/gateway.mjs). A worker runs one test at a time, so no two journeys ever share a gateway at the
// same moment. Journeys that flip the gateway's global dev switches (/dev/swap/behaviour, …) or need it
// started with other settings say so with `test.use({ ownGateway: '<file>' })` / `test.use({ gatewayEnv })`:
// a worker option with a value of its own gets a worker, hence a gateway, of its own.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base } from '@playwright/test';
import type { Page } from 'playwright-core';
import type { Hex } from 'viem';
import type { HardhatNode } from '../../gateway/test/support/hardhatNode';
import { TEST_PASSWORD_HASH_COST } from '../../gateway/test/support/passwordCost';
import { type StartedGateway, startGateway } from '../../scripts/lib/gateway.mjs';
import { closeWorkerBrowser, languages, setBaseUrl, themes } from './support';

type Gateway = StartedGateway;

/** A Hardhat 2 node with the test ERC-20 deployed, for journeys on a real Ethereum chain (docs/evm.md). */
export type EvmChain = { node: HardhatNode; token: Hex };

type WorkerFixtures = {
  /** The worker's gateway runs ETH and its tokens on a local Hardhat node instead of the sandbox chain. */
  evmChain: boolean;
  evm: EvmChain | undefined;
  /** Environment the worker's gateway starts with (e.g. a reset hold of seconds instead of 24 hours). */
  gatewayEnv: Record<string, string>;
  /** A name of its own: the journey's gateway is shared with no other file. */
  ownGateway: string | false;
  gateway: Gateway;
  /** Closes the worker's browser (support.ts `workerBrowser`) when the worker ends. */
  sharedBrowser: void;
};

/** A language and theme of the app; a journey that shoots every look runs once per look (`eachLook`). */
export type Look = { lang: (typeof languages)[number]; theme: (typeof themes)[number] };

/**
 * axe-core on the screen a journey shows, in its theme and again in the other one (WCAG AA, contrast
 * included); the journey fails on any violation, naming the screen, theme, rule and nodes. In a look whose
 * twin in the other theme runs the same screens (`eachLook`), only its own theme: the twin checks the other.
 */
export type Axe = {
  check(page: Page, screen: string): Promise<void>;
  /** Once, as it is, leaving out what `exclude` selects: the Telegram harness's own page around the app. */
  checkAround(page: Page, screen: string, exclude: string): Promise<void>;
};

type TestFixtures = {
  axe: Axe;
  /** The language and theme a journey parameterised with `eachLook` runs in (`test.use`). */
  lang: Look['lang'];
  theme: Look['theme'];
  /** Set by `eachLook` when the same language's look in the other theme runs the same journey. */
  twinChecksOtherTheme: boolean;
  /**
   * The messenger platform a journey tagged `@platform` plays (its project's, playwright.config.ts): iOS in
   * the default project, Android in the `android` one.
   */
  telegramPlatform: 'ios' | 'android';
  gatewayLog: void;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // oxlint-disable-next-line no-empty-pattern
  axe: async ({ twinChecksOtherTheme }, provide) =>
    provide({ check: (page, screen) => checkA11y(page, screen, twinChecksOtherTheme ? 1 : 2), checkAround }),
  lang: ['en', { option: true }],
  twinChecksOtherTheme: [false, { option: true }],
  theme: ['light', { option: true }],
  telegramPlatform: ['ios', { option: true }],
  gatewayEnv: [{}, { scope: 'worker', option: true }],
  ownGateway: [false, { scope: 'worker', option: true }],
  evmChain: [false, { scope: 'worker', option: true }],
  evm: [
    async ({ evmChain }, provide) => {
      if (!evmChain) return provide(undefined);
      // Loaded only here: most workers never start a node.
      const { startHardhatNode } = await import('../../gateway/test/support/hardhatNode');
      const node = await startHardhatNode();
      try {
        await provide({ node, token: await node.deployToken() });
      } finally {
        await node.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  gateway: [
    // `ownGateway` is read by the runner, not here: its value alone sets the worker apart.
    async ({ gatewayEnv, ownGateway: _, evm }, provide) => {
      // The node first: the gateway checks its chain id at start.
      const chainEnv = evm ? (await import('../../gateway/test/support/evmEnv')).evmEnv(evm.node, evm.token) : {};
      // Several gateways booting at once on a busy 2-core machine (tsx + migrations each) can take a minute.
      const gateway: Gateway = await startGateway(
        // scrypt's test cost, as in the gateway suite (refused in production): the journeys sign up and log in
        // some two hundred users, each hash the same code path at a sixteenth of the work.
        { PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST, ...chainEnv, ...gatewayEnv },
        { startTimeoutMs: 180_000 },
      );
      setBaseUrl(gateway.baseUrl);
      try {
        await provide(gateway);
      } finally {
        await gateway.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 200_000 },
  ],
  sharedBrowser: [
    // oxlint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await provide();
      await closeWorkerBrowser();
    },
    { scope: 'worker', auto: true },
  ],
  // What the gateway said, beside the trace of a failed journey.
  gatewayLog: [
    async ({ gateway }, provide, testInfo) => {
      await provide();
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('gateway.log', { body: gateway.log().slice(-20_000), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

/**
 * A journey parameterised by look (language × theme, or the looks given): under `title`, one describe per
 * look that sets it with `test.use` (the `lang` and `theme` fixtures) and declares its tests with `declare`.
 * The looks run in parallel, as tests of their own spread over the workers, each with its own timeout and
 * report line, where a loop inside one test ran them one after another. Other tests of the file keep the
 * file's order.
 */
export function eachLook(title: string, declare: (look: Look) => void, looks: readonly Look[] = allLooks): void {
  test.describe(title, () => {
    test.describe.configure({ mode: 'parallel' });
    for (const look of looks)
      test.describe(`${look.lang} ${look.theme}`, () => {
        const twin = looks.some((other) => other.lang === look.lang && other.theme !== look.theme);
        test.use({ ...look, twinChecksOtherTheme: twin });
        declare(look);
      });
  });
}
const allLooks: readonly Look[] = languages.flatMap((lang) => themes.map((theme) => ({ lang, theme })));
/** Russian in both themes (the longer words: the layouts checked at 360 px). */
export const russianLooks: readonly Look[] = themes.map((theme) => ({ lang: 'ru', theme }));

// axe-core, evaluated in the page (the `axe` fixture). Every violation is collected per screen × theme.
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
  // A screen can also start moving while axe reads it (on a loaded machine a run takes seconds and an error
  // toast's fade-out began mid-run: 1.11:1 measured on a half-transparent toast). Violations found while
  // something began to move are measured again once it has stopped; on a still page they stand.
  for (let attempt = 1; ; attempt++) {
    const { violations, moved } = await page.evaluate(async () => {
      const finite = () =>
        document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
      let moved = false;
      const began = () => {
        moved = true;
      };
      const kinds = ['transitionrun', 'animationstart'];
      for (const kind of kinds) document.addEventListener(kind, began, true);
      try {
        const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        // A transition created while axe read the page is announced at the next frame.
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return {
          moved: moved || finite().some((a) => a.playState === 'running'),
          violations: result.violations.map((v: any) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n: any) => ({ target: n.target, failureSummary: n.failureSummary })),
          })) as Violation[],
        };
      } finally {
        for (const kind of kinds) document.removeEventListener(kind, began, true);
      }
    });
    if (!violations.length || !moved || attempt === 3) return violations;
  }
}

async function checkAround(page: Page, screen: string, exclude: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (outside) => {
    const result = await (window as any).axe.run({ exclude: [[outside]] }, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  }, exclude);
  assert.deepEqual(violations, [], `axe on the page around ${exclude} (${screen})`);
}

/**
 * Checks the current screen in its theme and, with `themes` 2, in the other one, then puts the theme back.
 * A look's own theme is the real one; the other is the theme class swapped on the same page.
 */
async function checkA11y(page: Page, screen: string, themes: 1 | 2): Promise<void> {
  const found: string[] = [];
  let nodes = 0;
  for (let pass = 0; pass < themes; pass++) {
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
    // Swapped twice: the page ends in the theme it had.
    if (themes === 2) await switchTheme(page);
  }
  if (process.env.AXE_REPORT_ONLY) return;
  assert.equal(nodes, 0, `axe found ${nodes} violating node(s):\n${found.join('\n')}`);
}

/** The options a project may set (playwright.config.ts). */
export type TestOptions = Pick<TestFixtures, 'telegramPlatform'>;
