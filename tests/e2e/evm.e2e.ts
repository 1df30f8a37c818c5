// ETH on a real chain (issue 26, docs/evm.md): this worker's gateway follows a local Hardhat 2 node instead
// of the sandbox chain (the `evmChain` fixture, tests/e2e/fixtures.ts). A node account pays the user's
// receive address; the app shows the deposit Receiving, then Received once the node has the confirmations
// (3 here); the user sends part of it to an outside address and the node holds exactly that amount there.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { formatEther, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Browser, Page } from 'playwright-core';
import { test } from './fixtures';
import { baseUrl, confirmedUser, logIn, phone, closeContexts, workerBrowser } from './support';

test.use({ evmChain: true });

let browser: Browser;
test.beforeAll(async () => (browser = await workerBrowser()));
test.afterAll(async () => closeContexts(browser));

/** The state of the newest row of the asset's history, once the page shows one. */
const newestRowState = (page: Page, state: string) =>
  page.waitForFunction(
    (want) => document.querySelector('[data-testid="history-row"]')?.getAttribute('data-state') === want,
    state,
    { timeout: 30_000 },
  );

test('receive ETH from a node account, see it Receiving then Received, send part of it out on the chain', async ({
  evm,
  axe,
}) => {
  assert.ok(evm, 'the worker runs a Hardhat node');
  const { node } = evm;
  const [payer, operator] = node.accounts;
  const user = await confirmedUser('evm');
  const listed = await fetch(`${baseUrl}/b2c-wallet/${user.account}/account/currency/list`, {
    method: 'POST',
    headers: user.auth,
    body: JSON.stringify({ currencies: ['ETH'] }),
  });
  assert.equal(listed.status, 200);
  const { context, page } = await phone(browser);
  await logIn(page, user, { protectionSeen: true });

  // Receive: the address shown is an Ethereum address the node can pay.
  await page.goto(`${baseUrl}/home/asset/ETH/receive`);
  const address = (await page.getByTestId('receive-address').textContent())!.trim();
  assert.match(address, /^0x[0-9a-fA-F]{40}$/);

  // The node pays it: one block, so one confirmation of three.
  await page.goto(`${baseUrl}/home/asset/ETH`);
  await page.getByTestId('asset-balance').waitFor();
  await node.sendEth(payer, address, parseEther('1'));
  await newestRowState(page, 'IN_PROGRESS');
  const row = page.getByTestId('history-row').first();
  assert.match((await row.textContent())!, /Receiving/);
  await axe.check(page, 'evm-receiving');

  await node.test.mine({ blocks: 3 });
  await newestRowState(page, 'COMPLETED');
  assert.match((await row.textContent())!, /Received/);
  await page
    .getByTestId('asset-balance')
    .filter({ hasText: /^1 ETH$/ })
    .waitFor();

  // The hot wallet pays withdrawals: the operator funds it, as docs/evm.md says.
  const hot = await (await fetch(`${baseUrl}/dev/chain/hot-wallet?network=ETH`)).json();
  await node.sendEth(operator, hot.address, parseEther('10'));

  // Send 0.25 ETH to an address outside the wallet.
  const outside = privateKeyToAccount(`0x${randomBytes(32).toString('hex')}`).address;
  await page.goto(`${baseUrl}/home/asset/ETH/send`);
  await page.getByLabel(/Recipient's .* address/).fill(outside);
  await page
    .getByTestId('send-fee')
    .filter({ hasText: /Network fee: \d/ })
    .waitFor();
  await page.getByLabel('Amount, ETH').fill('0.25');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await page.waitForURL('**/send/progress');

  // The worker signs and broadcasts; the node mines it at once (automine), then the confirmations.
  for (let i = 0; i < 100 && (await node.public.getBalance({ address: outside })) === 0n; i++)
    await new Promise((r) => setTimeout(r, 200));
  assert.equal(
    formatEther(await node.public.getBalance({ address: outside })),
    '0.25',
    'the recipient holds the amount',
  );
  await node.test.mine({ blocks: 3 });
  await page.goto(`${baseUrl}/home/asset/ETH`);
  await newestRowState(page, 'COMPLETED');
  assert.match((await page.getByTestId('history-row').first().textContent())!, /Sent/);
  await context.close();
});
