// A signed-in session for the size budget and the web benchmark, made the way a user makes it:
// sign-up and the mailed confirmation through the gateway's API, then the e-mail login screen in the
// browser, so the app itself stores the OIDC user. Works with a playwright-core or a puppeteer-core page.
const json = { 'content-type': 'application/json' };

async function latestMail(baseUrl, to) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = await (await fetch(`${baseUrl}/dev/mail?to=${encodeURIComponent(to)}`)).json();
    const mail = mails.find((m) => m.to === to && /confirm/i.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation mail to ${to}`);
}

/** Registers and confirms a fresh user; returns its credentials. */
export async function confirmedUser(baseUrl) {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'bench pass 123';
  const res = await fetch(`${baseUrl}/b2c-user-management/user`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, accountName: 'Account' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const code = (await latestMail(baseUrl, email)).links[0].split('/').pop();
  const confirmed = await fetch(`${baseUrl}/b2c-user-management/confirmation/confirm`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ confirmationCode: code }),
  });
  if (!confirmed.ok) throw new Error(`confirmation answered ${confirmed.status}`);
  return { email, password };
}

/**
 * Logs in through /auth/login/email and gives the account BTC and USDT_TRX, so /home shows a real
 * asset list (not the first-time screen) and no wallet-protection prompt.
 */
export async function signIn(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/auth/login/email`);
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => window.location.pathname === '/home', { timeout: 20_000 });
  await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const headers = {
      authorization: `Bearer ${JSON.parse(localStorage.getItem(key)).access_token}`,
      'content-type': 'application/json',
    };
    const profile = await (await fetch('/b2c-user-management/user', { headers })).json();
    const account = profile.accounts[0].id;
    const added = await fetch(`/b2c-wallet/${account}/account/currency/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ currencies: ['BTC', 'USDT_TRX'] }),
    });
    if (!added.ok) throw new Error(`adding assets answered ${added.status}`);
    localStorage.setItem('isProtectWalletShown', 'true');
  });
  // A returning user: Home has heard from GET /user/auth once, so the device knows the messenger link.
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('tgLinked:')), {
    timeout: 20_000,
  });
}
