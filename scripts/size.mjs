// First-load JavaScript budgets, gzip-compressed, as a browser really loads it: the real gateway serves
// the built app (fresh database), Chromium opens the route with an empty cache, and every script
// response is counted. /auth/login is measured signed out; /home signed in (an account with assets).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startGateway } from './lib/gateway.mjs';
import { confirmedUser, signIn } from './lib/signedIn.mjs';

// Issue 8's targets: 120 kB on /auth/login and 170 kB on /home (docs/performance.md, "How the first paint is kept
// small", says what keeps them). /auth/login meets its target again (119.7 kB) since the connectivity actor, the offline banner,
// history's search checks, the signed-in page table and the browser's clipboard and share code left the
// boot chunk, so its limit is the target; /home's limit holds the 17 kB that reading the stored user
// without oidc-client-ts won. A change that needs more finds room elsewhere instead of raising a limit.
const budgets = [
  { route: '/auth/login', limitKb: 120, targetKb: 120, signedIn: false },
  { route: '/home', limitKb: 160, targetKb: 170, signedIn: true },
];
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/** Opens the route in a context with an empty cache and sums the gzip size of every script it loads. */
async function measure(browser, url, storageState) {
  const context = await browser.newContext({ ...phone, storageState });
  const page = await context.newPage();
  const scripts = new Map();
  const origin = new URL(url).origin;
  // Each body is read before the context closes: on a loaded machine a read still running then failed the run.
  const reads = [];
  page.on('response', (response) => {
    const at = new URL(response.url());
    if (at.origin === origin && at.pathname.endsWith('.js'))
      reads.push(response.body().then((body) => scripts.set(at.pathname, gzipSync(body, { level: 9 }).length)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(reads);
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { scripts, landed };
}

const gateway = await startGateway({}, { startTimeoutMs: 180_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: flags,
});
let failed = false;
try {
  let storageState;
  for (const { route, limitKb, targetKb, signedIn } of budgets) {
    if (signedIn && !storageState) {
      const context = await browser.newContext(phone);
      await signIn(await context.newPage(), gateway.baseUrl, await confirmedUser(gateway.baseUrl));
      storageState = await context.storageState();
      await context.close();
    }
    const { scripts, landed } = await measure(browser, gateway.baseUrl + route, signedIn ? storageState : undefined);
    if (landed !== route) throw new Error(`${route} ended on ${landed}: the measurement would be of another screen`);
    const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    const total = bytes / 1024;
    for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
    const target = total > targetKb ? `; target ${targetKb} kB, ${(total - targetKb).toFixed(1)} kB to go` : '';
    console.log(
      `first-load JS for ${route}${signedIn ? ' (signed in)' : ''}: ${total.toFixed(1)} kB gzip, ${bytes.toLocaleString('en')} B (${scripts.size} files; limit ${limitKb} kB = ${(limitKb * 1024).toLocaleString('en')} B${target})\n`,
    );
    if (total > limitKb) {
      console.error(`${route} is over its ${limitKb} kB budget`);
      failed = true;
    }
  }
} finally {
  await browser.close();
  await gateway.stop();
}
process.exit(failed ? 1 : 0);
