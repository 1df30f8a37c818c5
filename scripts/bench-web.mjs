// Lighthouse (mobile, default simulated throttling) on /auth/login and on signed-in /home: 3 runs per
// page, medians of score, FCP, LCP and TBT. The built app is served by the real gateway with a fresh
// database (run `npm run build` first). Each run gets its own Chromium with an empty profile; for /home
// the run first logs in through the app in that Chromium, empties the HTTP cache, and Lighthouse then
// audits the same browser with storage reset disabled, so the session survives but no script is cached.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startGateway } from './lib/gateway.mjs';
import { confirmedUser, signIn } from './lib/signedIn.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const pages = [
  { route: '/auth/login', signedIn: false },
  { route: '/home', signedIn: true },
];

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
    const cached = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script' && r.transferSize === 0);
    if (cached.length > 0) throw new Error(`${route}: ${cached.length} scripts came from the cache`);
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
      console.log(`  ${target.route} run ${i + 1}: score ${run.score}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms  (LCP element ${run.lcpElement ?? '?'})`);
    }
    const m = (key) => median(runs.map((r) => r[key]));
    console.log(`${target.route}${target.signedIn ? ' (signed in)' : ''}: median of ${RUNS}: score ${m('score')}, FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${m('tbt').toFixed(0)} ms\n`);
  }
} finally {
  gateway.stop();
}
