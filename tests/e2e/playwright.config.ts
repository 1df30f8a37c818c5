// Browser journeys on @playwright/test in Debian's Chromium (never `playwright install`: no downloads here).
// `npm run test:e2e` builds the app first; each worker starts its own gateway (tests/e2e/fixtures.ts).
import { defineConfig } from '@playwright/test';
import type { TestOptions } from './fixtures';

export default defineConfig<TestOptions>({
  testDir: '.',
  testMatch: '*.e2e.ts',
  globalSetup: './globalSetup.ts',
  // Three workers on the 2-core machine: the journeys mostly wait on the browser and the gateway.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // A journey that fails once is a defect to fix, never to retry.
  retries: 0,
  // A file's tests run in order in one worker (several share a browser opened in beforeAll).
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // Journeys walk whole flows (sign-up, deposits, a swap's settlement): minutes, not seconds.
  timeout: 180_000,
  outputDir: '../../test-results/e2e',
  reporter: [['list'], ['html', { outputFolder: '../../test-results/e2e-report', open: 'never' }]],
  // Every journey runs once; those tagged @platform (the Telegram client's buttons, biometrics, closing) run
  // again as Android, in a project of their own so the two platforms can run side by side.
  projects: [
    { name: 'ios', use: { telegramPlatform: 'ios' } },
    { name: 'android', grep: /@platform/, use: { telegramPlatform: 'android' } },
  ],
  use: {
    // No trace by default: recording one for every journey (a screencast of each context, kept only when it
    // failed) took the suite from 387 to 535 s on the 2-core machine. A failed journey still prints what
    // the user saw and the page's gateway calls (support.ts `explained`) and leaves a screenshot in
    // test-results/e2e; `E2E_TRACE=retain-on-failure npm run test:e2e` records traces when chasing one.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
