// Lighthouse (mobile, default simulated throttling) on /auth/login and on signed-in /home: 3 runs per
// page, medians of score, FCP, LCP and TBT. The built app is served by the real gateway with a fresh
// database (run `npm run build` first). Each run gets its own Chromium with an empty profile; for /home
// the run first logs in through the app in that Chromium, empties the HTTP cache, and Lighthouse then
// audits the same browser with storage reset disabled, so the session survives but no script is cached.
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startGateway } from './lib/gateway.mjs';
import { confirmedUser, signIn } from './lib/signedIn.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const pages = [
  { route: '/auth/login', signedIn: false },
  { route: '/home', signedIn: true },
].filter((p) => !process.env.BENCH_WEB_PAGES || process.env.BENCH_WEB_PAGES.split(',').includes(p.route));

/**
 * BENCH_WEB_DETAIL=1: what the LCP waited for, as Lighthouse saw it: its phases, every request by start
 * and end time (the simulated graph is built from these), and the main thread's long tasks.
 */
function printDetail(route, lhr) {
  const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  console.log(
    `    ${route} observed (unthrottled): FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms`,
  );
  console.log(`    ${route} LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
  for (const r of lhr.audits['network-requests'].details.items) {
    console.log(
      `    ${String(Math.round(r.networkRequestTime)).padStart(6)}–${String(Math.round(r.networkEndTime)).padEnd(6)} ${String(r.transferSize).padStart(7)} B ${r.resourceType ?? ''} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  }
  // The simulation Lighthouse computed LCP from: each graph's nodes by simulated end time.
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint/.test(label)) continue;
    const rows = [...timings].sort((a, b) => a[1].endTime - b[1].endTime);
    console.log(`    simulated ${label}: ends ${Math.round(Math.max(...rows.map(([, t]) => t.endTime)))} ms`);
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.priority} ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`
          : `cpu ${Math.round(node.duration / 1000)} ms observed`;
      console.log(
        `      ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${what}`,
      );
    }
  }
  Lantern.Simulation.Simulator.allNodeTimings.clear();
  for (const t of lhr.audits['long-tasks']?.details?.items ?? [])
    console.log(`    long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms ${t.url ?? ''}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(baseUrl, { route, signedIn }, user) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    if (signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await signIn(page, baseUrl, user);
      await page.goto('about:blank');
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.disconnect();
      flags.disableStorageReset = true;
    }
    const { lhr } = await lighthouse(baseUrl + route, flags);
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== route) throw new Error(`${route} ended on ${landed}: the audit would be of another screen`);
    const cached = lhr.audits['network-requests'].details.items.filter(
      (r) => r.resourceType === 'Script' && r.transferSize === 0,
    );
    if (cached.length > 0) throw new Error(`${route}: ${cached.length} scripts came from the cache`);
    if (process.env.BENCH_WEB_DETAIL) printDetail(route, lhr);
    const ms = (id) => lhr.audits[id].numericValue;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    };
  } finally {
    chrome.kill();
  }
}

const gateway = await startGateway();
try {
  const user = await confirmedUser(gateway.baseUrl);
  for (const target of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await audit(gateway.baseUrl, target, user);
      runs.push(run);
      console.log(
        `  ${target.route} run ${i + 1}: score ${run.score}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms  (LCP element ${run.lcpElement ?? '?'})`,
      );
    }
    const m = (key) => median(runs.map((r) => r[key]));
    console.log(
      `${target.route}${target.signedIn ? ' (signed in)' : ''}: median of ${RUNS}: score ${m('score')}, FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${m('tbt').toFixed(0)} ms\n`,
    );
  }
} finally {
  await gateway.stop();
}
