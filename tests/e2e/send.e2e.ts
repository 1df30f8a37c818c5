import { test } from './fixtures';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { baseUrl, confirmedUser, deposit, launch, logIn, phone, recordToasts, typeCode } from './support';
import { fakeCameraArgs, qrVideo } from './fakeCamera';

/** An external Ethereum address (the well-known "abandon … about" one); the camera shows it as an EIP-681 URI. */
const EXTERNAL = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const PASSCODE = '2580';

let browser: Browser;
test.beforeAll(async () => (browser = await launch(fakeCameraArgs(qrVideo(`ethereum:${EXTERNAL}`)))));
test.afterAll(async () => browser?.close());

const fundEth = (user: { auth: Record<string, string>; account: string }, amount: string) =>
  deposit(user, 'ETH', amount);

const ethBalance = async (user: { auth: Record<string, string>; account: string }) =>
  (await (await fetch(`${baseUrl}/b2c-wallet/${user.account}/asset`, { headers: user.auth })).json()).find(
    (a: { currency: string }) => a.currency === 'ETH',
  );

test('set a passcode, send to a scanned external address, see it complete and the balance fall by amount plus fee', async ({
  axe,
}) => {
  const user = await confirmedUser('sender');
  await fundEth(user, '1');
  const { context, page } = await phone(browser);
  await logIn(page, user);

  // Set a passcode from Settings → Wallet protection (entered twice).
  await page.goto(`${baseUrl}/settings/wallet-protection`);
  await page.getByRole('switch', { name: 'Passcode' }).click();
  await page.getByRole('heading', { name: 'Create a passcode' }).waitFor();
  await axe.check(page, 'passcode-create');
  await typeCode(page, PASSCODE);
  await page.getByRole('heading', { name: 'Repeat the passcode' }).waitFor();
  await typeCode(page, PASSCODE);
  await page.getByText('Passcode set').waitFor();
  await axe.check(page, 'passcode-set');
  assert.equal(
    (await (await fetch(`${baseUrl}/b2c-user-management/user`, { headers: user.auth })).json()).pinCodeActive,
    true,
  );
  assert.ok(
    !JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))).includes(PASSCODE),
    'no passcode in storage',
  );

  // Send: the address comes from the camera (fake device showing a QR of "ethereum:0x…").
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Scan QR' }).click();
  await page.getByTestId('scanner-overlay').waitFor();
  // The filled field is what lasts; decoding the fake camera's video can take long on a busy machine, and
  // the toast may have faded by then, so the toasts shown are recorded rather than caught on screen.
  const recipient = page.getByLabel(/Recipient's .* address/);
  await page.waitForFunction(
    (want) =>
      [...document.querySelectorAll('label')].some(
        (l) => l.textContent?.startsWith("Recipient's") && (l.control as HTMLInputElement | null)?.value === want,
      ),
    EXTERNAL,
    { timeout: 60_000 },
  );
  assert.equal(await recipient.inputValue(), EXTERNAL, 'the ethereum: prefix is stripped');
  assert.ok((await toasts()).includes('Address scanned'), 'the scan is confirmed by a toast');
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  const fee = (await page.getByTestId('send-fee').textContent())!.match(/Network fee: ([\d.]+)/)![1];
  await page.getByLabel('Amount, ETH').fill('0,25');
  assert.equal(await page.getByLabel('Amount, ETH').inputValue(), '0.25', 'comma becomes a point');
  await axe.check(page, 'send-form');
  // Its fiat value under the field (sandbox ETH ≈ $3,400 ± 6 %, CRYPTO_WAVES in gateway/src/rates/provider.ts:
  // 0.25 ETH is $799 to $901).
  const ethValue = (await page.getByTestId('send-amount-fiat').textContent())!;
  assert.match(ethValue, /^≈ \$\d{3}\.\d{2}$/);
  const dollars = Number(ethValue.replace(/[≈ $]/g, ''));
  assert.ok(dollars >= 799 && dollars <= 901, ethValue);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/send/review');
  assert.equal((await page.getByTestId('review-receive').textContent())!.trim(), '0.25 ETH');
  for (const id of ['review-receive-fiat', 'review-fee-fiat', 'review-total-fiat']) {
    assert.match((await page.getByTestId(id).textContent())!, /^≈ \$[\d,]+\.\d{2}$/, id);
  }
  await axe.check(page, 'send-review');
  await page.getByRole('button', { name: 'Confirm and send' }).click();

  // Passcode step: three wrong codes, each cleared with the wrong-passcode message, then the right one.
  for (let i = 0; i < 3; i++) {
    await typeCode(page, '1111');
    await page
      .getByRole('alert')
      .filter({ hasText: /passcode/i })
      .waitFor();
    if (i === 0) await axe.check(page, 'passcode-verify-wrong');
    await page.waitForFunction(() =>
      /^0 of/.test(document.querySelector('[data-testid="pin-dots"]')?.getAttribute('aria-label') ?? ''),
    );
  }
  await typeCode(page, PASSCODE);
  await page.waitForURL('**/send/progress');
  await page.getByRole('heading', { name: 'Transfer in progress' }).waitFor();
  await axe.check(page, 'send-progress');

  // History: In progress, then completed; balance = 1 − 0.25 − fee.
  await page.goto(`${baseUrl}/home/asset/ETH`);
  const row = page.getByTestId('history-row').first();
  await row.waitFor();
  assert.match((await row.textContent())!, /Sen(ding|t)/);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="history-row"]')?.getAttribute('data-state') === 'COMPLETED',
    null,
    { timeout: 40_000 },
  );
  assert.match((await row.textContent())!, /Sent/);
  await axe.check(page, 'asset-sent');
  const expected = (1 - 0.25 - Number(fee)).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
  assert.equal((await ethBalance(user)).totalAvailable, expected, `1 − 0.25 − ${fee}`);

  // Change the passcode, typed on the physical keyboard: a wrong current code is refused at once,
  // before any new code is asked for; the right one leads on to the new code, twice.
  await page.goto(`${baseUrl}/settings/wallet-protection/change`);
  await page.getByRole('heading', { name: 'Enter your current passcode' }).waitFor();
  await page.keyboard.type('1111');
  await page.getByRole('alert').filter({ hasText: 'Incorrect passcode' }).waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Enter your current passcode');
  await page.waitForFunction(() =>
    /^0 of/.test(document.querySelector('[data-testid="pin-dots"]')?.getAttribute('aria-label') ?? ''),
  );
  await page.keyboard.type(PASSCODE);
  await page.getByRole('heading', { name: 'Enter a new passcode' }).waitFor();
  await page.keyboard.type('2580');
  await page.getByRole('heading', { name: 'Repeat the new passcode' }).waitFor();
  await page.keyboard.type('2580');
  await page.getByText('Passcode changed').waitFor();
  await context.close();
});

test('send to another user of the wallet arrives in their history; field errors for wrong address, own address, not enough funds', async ({
  axe,
}) => {
  const alice = await confirmedUser('alice');
  const bob = await confirmedUser('bob');
  const aliceAddress = await fundEth(alice, '0.5');
  const bobAsset = await (
    await fetch(`${baseUrl}/b2c-wallet/${bob.account}/account/currency`, {
      method: 'POST',
      headers: bob.auth,
      body: JSON.stringify({ currency: 'ETH' }),
    })
  ).json();
  const { context, page } = await phone(browser);
  await logIn(page, alice);
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  const address = page.getByLabel(/Recipient's .* address/);

  await address.fill('0x1234');
  await page.getByText('The withdrawal address format is wrong.').waitFor();
  await address.fill(aliceAddress);
  await page.getByText("You can't make a transfer to yourself").waitFor();
  await address.fill(bobAsset.depositAddress);
  // Recognised as another user of the wallet on the form itself (issue 22), not only by a 0 fee on the review.
  await page.getByTestId('send-internal').filter({ hasText: 'Wallet user · free, instant' }).waitFor();
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await page.getByLabel('Amount, ETH').fill('7');
  await page.getByText('Not enough funds to make the transaction').waitFor();
  await axe.check(page, 'send-not-enough');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), true);

  await page.getByLabel('Amount, ETH').fill('0.1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.waitForURL('**/send/progress');
  // It settled inside the wallet: the screen says so, not "about 2 minutes".
  await page.getByRole('heading', { name: 'Transfer complete' }).waitFor();
  await page.getByText(/It arrived instantly/).waitFor();
  assert.equal(await page.getByText(/about 2 minutes/).count(), 0);

  // Bob sees it without any chain confirmations: it settled inside the wallet.
  let bobHistory: { content: { direction: string; amount: string; state: string }[] } = { content: [] };
  for (let i = 0; i < 30 && !bobHistory.content.length; i++) {
    bobHistory = await (
      await fetch(`${baseUrl}/b2c-wallet/${bob.account}/asset/transactions`, {
        method: 'POST',
        headers: bob.auth,
        body: JSON.stringify({ currency: 'ETH' }),
      })
    ).json();
    if (!bobHistory.content.length) await new Promise((r) => setTimeout(r, 500));
  }
  assert.equal(bobHistory.content[0]?.direction, 'DEPOSIT');
  assert.equal(bobHistory.content[0]?.amount, '0.1');

  // Address book round trip from the progress screen: save Bob, find him in the list, delete him.
  await page
    .getByRole('button', { name: 'Add to address book' })
    .or(page.getByRole('link', { name: 'Add to address book' }))
    .click();
  await page.getByLabel('Name').fill('Bob');
  await axe.check(page, 'address-book-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Address added').waitFor();
  await page.goto(`${baseUrl}/settings/address-book`);
  await page.getByTestId('book-row').filter({ hasText: 'Bob' }).click();
  await page.getByRole('link', { name: 'Delete address' }).waitFor();
  await axe.check(page, 'address-book-entry');
  await page.getByRole('link', { name: 'Delete address' }).click();
  await page.getByRole('button', { name: 'Delete' }).waitFor();
  await axe.check(page, 'address-book-delete');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Address deleted').waitFor();
  await page.getByTestId('book-empty').waitFor();
  await axe.check(page, 'address-book-empty');
  await context.close();
});

/** Same first four and last four characters as EXTERNAL, another middle: what a poisoner's dust comes from. */
const LOOKALIKE = '0x98b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7da94';

test('address poisoning: after a send to EXTERNAL, a look-alike warns on form and review and Confirm needs "I checked the address"', async ({
  axe,
}) => {
  const user = await confirmedUser('poisoned');
  await fundEth(user, '1');
  const { context, page } = await phone(browser);
  await logIn(page, user);
  await page.evaluate(() => localStorage.setItem('isProtectWalletShown', 'true'));
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  const address = page.getByLabel(/Recipient's .* address/);
  await address.fill(EXTERNAL);
  // Never sent to before: the quiet notice only.
  await page.getByTestId('first-send').waitFor();
  assert.equal(await page.getByTestId('lookalike-warning').count(), 0);
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await page.getByLabel('Amount, ETH').fill('0.1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.waitForURL('**/send/progress');

  // The form again: EXTERNAL is a recent recipient; a tap fills it, with no notice (paid before).
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  const recent = page.getByRole('region', { name: 'Recent recipients' });
  await recent.getByRole('button').first().waitFor();
  assert.equal(await recent.getByRole('button').count(), 1);
  assert.equal(await recent.getByRole('button').getAttribute('title'), EXTERNAL);
  await recent.getByRole('button').click();
  assert.equal(await address.inputValue(), EXTERNAL);
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  assert.equal(await page.getByTestId('first-send').count(), 0);
  assert.equal(await page.getByTestId('lookalike-warning').count(), 0);

  // The look-alike: a strong warning naming the known address, the differing middles marked.
  await address.fill(LOOKALIKE);
  const warning = page.getByRole('alert', { name: 'Warning: look-alike address' });
  await warning.waitFor();
  assert.equal(await warning.getByTestId('lookalike-entered').locator('mark').textContent(), LOOKALIKE.slice(4, -4));
  assert.equal(await warning.getByTestId('lookalike-known').locator('mark').textContent(), EXTERNAL.slice(4, -4));
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await page.getByLabel('Amount, ETH').fill('0.1');
  await axe.check(page, 'send-lookalike-form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/send/review');
  await warning.waitFor();
  const confirm = page.getByRole('button', { name: 'Confirm and send' });
  const box = page.getByRole('checkbox', { name: /I checked the address/ });
  assert.equal(await confirm.isDisabled(), true, 'Confirm waits for the acknowledgement');
  await axe.check(page, 'send-lookalike-review');
  await box.check();
  assert.equal(await confirm.isDisabled(), false);
  await box.uncheck();
  assert.equal(await confirm.isDisabled(), true);

  // Screenshots of the warning (form and review) in both languages and themes, for a person to look at.
  if (process.env.SEND_SHOTS) {
    mkdirSync(process.env.SEND_SHOTS, { recursive: true });
    for (const lang of ['en', 'ru'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate(
          ([l, t]) => {
            localStorage.setItem('selectedLanguage', l === 'ru' ? 'RUS' : 'ENG');
            localStorage.setItem('darkTheme', String(t === 'dark'));
          },
          [lang, theme],
        );
        // A reload of the review comes back to the form with the same address and amount.
        await page.goto(`${baseUrl}/home/asset/ETH/send`);
        await page.getByTestId('lookalike-warning').waitFor();
        await page.getByTestId('send-fee').filter({ hasText: /\d/ }).waitFor();
        await page.screenshot({ path: `${process.env.SEND_SHOTS}/lookalike-form-${lang}-${theme}.png` });
        await page.getByRole('button', { name: /^(Continue|Продолжить)$/ }).click();
        await page.waitForURL('**/send/review');
        await page.getByTestId('lookalike-warning').waitFor();
        await page.screenshot({ path: `${process.env.SEND_SHOTS}/lookalike-review-${lang}-${theme}.png` });
        await page.screenshot({
          path: `${process.env.SEND_SHOTS}/lookalike-review-${lang}-${theme}-full.png`,
          fullPage: true,
        });
      }
    }
  }
  await context.close();
});
