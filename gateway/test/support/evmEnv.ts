// The gateway's settings for ETH on a test node: shared by the gateway suite and the browser journey
// (tests/e2e/fixtures.ts), so this file imports nothing from Vitest.
import type { Hex } from 'viem';
import { CHAIN_ID, type HardhatNode } from './hardhatNode.js';

/**
 * Not Hardhat's own mnemonic: with it our deposit addresses would be the node's funded accounts.
 * BIP39's all-zero-entropy phrase: valid and public, fit for a throwaway chain only.
 */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** Three confirmations, a follower step every 50 ms, the withdrawal worker following just as often. */
export function evmEnv(
  node: Pick<HardhatNode, 'url'>,
  token: Hex,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ETH_RPC_URL: node.url,
    ETH_CHAIN_ID: String(CHAIN_ID),
    ETH_CONFIRMATIONS: '3',
    ETH_POLL_MS: '50',
    USDT_ETH_CONTRACT: token,
    WALLET_MNEMONIC: TEST_MNEMONIC,
    WITHDRAWAL_POLL_MS: '25',
    WITHDRAWAL_FOLLOW_MS: '50',
    ...extra,
  };
}
