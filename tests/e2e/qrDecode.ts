import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const scanner = readFileSync('node_modules/qr-scanner/qr-scanner.umd.min.js', 'utf8');
// The worker module exports createWorker(); expose it as a global so the page needs no module loading.
const worker = readFileSync('node_modules/qr-scanner/qr-scanner-worker.min.js', 'utf8').replace(
  'export const createWorker=',
  'window.__createQrWorker=',
);

/**
 * Decodes the QR code drawn inside `selector` with qr-scanner, in the browser, and returns its text.
 * The app's CSP rightly forbids injected scripts, so the drawn SVG is decoded in a blank page beside it.
 */
export async function decodeQrInPage(page: Page, selector: string): Promise<string> {
  const markup = await page
    .locator(`${selector} svg`)
    .first()
    .evaluate((svg) => new XMLSerializer().serializeToString(svg));
  const scratch = await page.context().newPage();
  try {
    await scratch.addScriptTag({ content: scanner });
    await scratch.addScriptTag({ content: worker });
    return await decodeMarkup(scratch, markup);
  } finally {
    await scratch.close();
  }
}

function decodeMarkup(page: Page, markup: string): Promise<string> {
  return page.evaluate(async (svg) => {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 600);
    ctx.drawImage(image, 50, 50, 500, 500);
    const w = window as any;
    const result = await w.QrScanner.scanImage(canvas, {
      qrEngine: w.__createQrWorker(),
      returnDetailedScanResult: true,
    });
    return result.data as string;
  }, markup);
}
