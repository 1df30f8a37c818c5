// Reports the first-load JavaScript of /auth/login, gzip-compressed, as a browser really loads it:
// the built app is served by a static server, Chromium opens the route, and every script response is counted.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const LIMIT_KB = 150;
const dist = path.resolve('dist');
const route = process.argv[2] ?? '/auth/login';

const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  let file = path.join(dist, decodeURIComponent(url.pathname));
  if (!file.startsWith(dist) || !path.extname(file)) file = path.join(dist, 'index.html');
  try {
    const body = await readFile(file);
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.html') ? 'text/html' : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type }).end(body);
  } catch {
    // API calls made at start-up are irrelevant to the bundle size; answer them empty.
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const scripts = new Map();
page.on('response', async (response) => {
  const url = new URL(response.url());
  if (url.origin === origin && url.pathname.endsWith('.js')) scripts.set(url.pathname, gzipSync(await response.body(), { level: 9 }).length);
});
await page.goto(origin + route, { waitUntil: 'networkidle' });
await browser.close();
server.close();

const total = [...scripts.values()].reduce((a, b) => a + b, 0);
for (const [file, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
console.log(`first-load JS for ${route}: ${(total / 1024).toFixed(1)} kB gzip (${scripts.size} files; limit ${LIMIT_KB} kB)`);
if (total / 1024 > LIMIT_KB) {
  console.error(`over the ${LIMIT_KB} kB budget`);
  process.exit(1);
}
