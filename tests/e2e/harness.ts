// Driving the sandbox Telegram harness (/dev/telegram) with the app in its frame, as a person trying the
// Mini App would: the harness draws the buttons the app asked for and lists what it asked in #state-*.
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { baseUrl } from './support';

export type Harness = { page: Page; app: FrameLocator; close: () => Promise<void> };

/** A new Telegram user opening the Mini App in the harness, on Home. */
export async function openHarness(browser: Browser, platform: string): Promise<Harness> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/dev/telegram?user=new&platform=${platform}&theme=light`);
  const app = page.frameLocator('#app');
  await app.getByRole('heading', { name: 'Total balance' }).waitFor();
  return { page, app, close: () => context.close() };
}

export type Shown = 'back' | 'main' | 'closing' | 'swipes';

/** What the harness lists under "What the app asked for" now. */
export const shown = (page: Page, what: Shown) => page.locator(`#state-${what}`).textContent();

/** What the harness lists under "What the app asked for", waited for (the app answers asynchronously). */
export async function waitShown(page: Page, what: Shown, expected: string | RegExp) {
  const id = `state-${what}`;
  const [source, flags] = typeof expected === 'string' ? [null, ''] : [expected.source, expected.flags];
  await page
    .waitForFunction(
      ([id, want, source, flags]) => {
        const text = document.getElementById(id)?.textContent ?? '';
        return source === null ? text === want : new RegExp(source, flags).test(text);
      },
      [id, typeof expected === 'string' ? expected : '', source, flags] as const,
      { timeout: 30_000 },
    )
    .catch(async () => {
      throw new Error(`harness ${what}: expected ${expected}, shows ${await page.locator(`#${id}`).textContent()}`);
    });
}

export const appPath = (app: FrameLocator) => app.locator('html').evaluate(() => window.location.pathname);

/**
 * Telegram's "Reload page": waits for the new document, not just a heading (location.reload() leaves the old
 * page in the frame until the new one commits, and a heading found there would be the old one's).
 */
export async function reloadMiniApp(page: Page, app: FrameLocator) {
  await app.locator('html').evaluate((html) => html.setAttribute('data-before-reload', ''));
  await page.getByRole('button', { name: 'Reload the Mini App' }).click();
  await app.locator('html:not([data-before-reload])').waitFor({ state: 'attached' });
  await app.getByRole('heading', { name: 'Total balance' }).waitFor();
}

/**
 * Home → Send → the asset. The picker is a lazily loaded screen and Home lists assets with the same names,
 * so the asset is chosen only once the picker is on screen.
 */
export async function chooseSendAsset(app: FrameLocator, name: RegExp) {
  await app.getByRole('link', { name: 'Send' }).click();
  await app.getByRole('heading', { name: 'Choose an asset to send' }).waitFor();
  const list = app.getByRole('list', { name: 'Assets' });
  await list.getByRole('button', { name }).or(list.getByRole('link', { name })).first().click();
}
