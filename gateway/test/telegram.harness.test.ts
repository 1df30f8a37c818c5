import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/http/security.js';
import { createTestApp, type TestApp } from './support/app.js';

describe('the Telegram harness page (sandbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ idp: 'fake' });
  });
  afterAll(async () => t?.close());

  it('serves the page and its script, which the CSP allows (no inline script)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/telegram' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<iframe id="app"');
    // The chat with the bot (issue 24), filled from GET /dev/telegram/bot/messages.
    expect(page.body).toContain('<ol class="chat" id="chat"');
    expect(page.body).toContain('<script src="/dev/telegram/harness.js"></script>');
    expect(inlineScriptHashes(page.body)).toEqual([]);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // The app in the frame is this origin: it may be framed by this page.
    expect(csp).toContain("frame-ancestors 'self'");

    const script = await t.app.inject({ method: 'GET', url: '/dev/telegram/harness.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    for (const answer of [
      'theme_changed',
      'popup_closed',
      'qr_text_received',
      'back_button_pressed',
      'main_button_pressed',
      'write_access_requested',
    ]) {
      expect(script.body).toContain(`'${answer}'`);
    }
  });
});

describe('outside sandbox mode', () => {
  it('has no Telegram harness', async () => {
    const prod = await createTestApp({ idp: 'fake', env: { SANDBOX: 'false' } });
    try {
      for (const url of ['/dev/telegram', '/dev/telegram/harness.js']) {
        const res = await prod.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('iframe');
      }
      const sign = await prod.app.inject({
        method: 'POST',
        url: '/dev/telegram/init-data',
        payload: { user: { id: 1, first_name: 'A' } },
      });
      expect(sign.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
