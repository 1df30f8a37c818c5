import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const scanner = readFileSync('node_modules/qr-scanner/qr-scanner.umd.min.js', 'utf8');
// The worker module exports createWorker(); expose it as a global so the page needs no module loading.
const worker = readFileSync('node_modules/qr-scanner/qr-scanner-worker.min.js', 'utf8').replace('export const createWorker=', 'window.__createQrWorker=');

/** Decodes the QR code drawn inside `selector` with qr-scanner, in the browser, and returns its text. */
export async function decodeQrInPage(page: Page, selector: string): Promise<string> {
  await page.addScriptTag({ content: scanner });
  await page.addScriptTag({ content: worker });
  return page.evaluate(async (sel) => {
    const svg = document.querySelector(`${sel} svg`);
    if (!svg) throw new Error('no QR svg rendered');
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 600);
    ctx.drawImage(image, 50, 50, 500, 500);
    const w = window as any;
    const result = await w.QrScanner.scanImage(canvas, { qrEngine: w.__createQrWorker(), returnDetailedScanResult: true });
    return result.data as string;
  }, selector);
}
