import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  publicActions,
  type Hex,
  type PublicClient,
} from 'viem';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../../src/chain/evm/contracts/testToken.js';

/**
 * A real local Ethereum node for the EVM adapter's tests: Hardhat 2's `hardhat node` from
 * node_modules (no network, no compiler: the test ERC-20 is deployed from committed bytecode), on a
 * free port, started by the test file and killed after it. Blocks are mined on each transaction and
 * on demand (hardhat_mine), so confirmations take no waiting.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const hardhatCli = realpathSync(path.join(repoRoot, 'node_modules/.bin/hardhat'));

export const CHAIN_ID = 31337;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface HardhatNode {
  url: string;
  /** Reads plus Hardhat's test methods (mine, snapshot, revert, automine, base fee). */
  test: ReturnType<typeof testClientOf>;
  public: PublicClient;
  /** The node's funded, unlocked accounts (10,000 ETH each). */
  accounts: Hex[];
  /** Sends from an unlocked account and waits for the receipt. */
  sendEth(from: Hex, to: string, wei: bigint): Promise<Hex>;
  sendToken(token: Hex, from: Hex, to: string, amount: bigint): Promise<Hex>;
  tokenBalance(token: Hex, of: string): Promise<bigint>;
  /** Deploys the test ERC-20 (6 decimals, 1,000,000 units to accounts[0]). */
  deployToken(): Promise<Hex>;
  stop(): Promise<void>;
}

const testClientOf = (url: string) =>
  createTestClient({ mode: 'hardhat', chain: undefined, transport: http(url), cacheTime: 0 }).extend(publicActions);

export async function startHardhatNode(): Promise<HardhatNode> {
  const port = await freePort();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hardhat-'));
  const configFile = path.join(scratch, 'hardhat.config.cjs');
  writeFileSync(
    configFile,
    `module.exports = { networks: { hardhat: { chainId: ${CHAIN_ID}, mining: { auto: true } } } };\n`,
  );
  const proc: ChildProcess = spawn(
    process.execPath,
    [hardhatCli, '--config', configFile, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    {
      cwd: repoRoot, // Hardhat refuses to run from a folder it is not installed under
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The node logs every call: read it all (a full pipe would stall it), keep the tail for errors.
  let tail = '';
  const keep = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const test = testClientOf(url);
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`hardhat node exited with ${proc.exitCode}:\n${tail}`);
    try {
      if ((await test.getChainId()) === CHAIN_ID) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000) {
      proc.kill('SIGKILL');
      throw new Error(`hardhat node did not start:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const wallet = createWalletClient({ chain: undefined, transport: http(url) });
  const accounts = (await wallet.getAddresses()) as Hex[];
  const publicClient = createPublicClient({ transport: http(url), cacheTime: 0 }) as PublicClient;
  const mined = async (hash: Hex) => {
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  return {
    url,
    test,
    public: publicClient,
    accounts,
    sendEth: async (from, to, wei) =>
      mined(await wallet.sendTransaction({ account: from, chain: null, to: to as Hex, value: wei })),
    sendToken: async (token, from, to, amount) =>
      mined(
        await wallet.writeContract({
          account: from,
          chain: null,
          address: token,
          abi: TEST_TOKEN_ABI,
          functionName: 'transfer',
          args: [to as Hex, amount],
        }),
      ),
    tokenBalance: (token, of) =>
      publicClient.readContract({ address: token, abi: TEST_TOKEN_ABI, functionName: 'balanceOf', args: [of as Hex] }),
    async deployToken() {
      const hash = await wallet.deployContract({
        account: accounts[0]!,
        chain: null,
        abi: TEST_TOKEN_ABI,
        bytecode: TEST_TOKEN_BYTECODE,
        args: ['Test Tether', 'USDT', 6, 1_000_000_000_000n],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return receipt.contractAddress!;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export { parseEther };
