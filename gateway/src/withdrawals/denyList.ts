import { sha512 } from '@noble/hashes/sha2.js';
import { deriveDepositAddress, getBitcoinNetwork, NETWORKS, type Network } from '../chain/addresses.js';
import { addressKey } from '../wallet/addresses.js';

export type ListedResult = 'BLOCKED' | 'NOT_USED';

export interface ListedAddress {
  network: Network;
  address: string;
  checkResult: ListedResult;
  why: string;
}

/**
 * The sandbox's address screening (spec §3 address check result). A real deployment asks its
 * screening provider here; the sandbox lists a few addresses per network so the app's
 * send_error_address_not_used path can be shown and tested:
 * - index 0 of the public "deny-list" seed below on every network → BLOCKED (stands for a sanctioned address);
 * - index 1 of that seed on every network → NOT_USED (stands for an address the network would never credit);
 * - Ethereum's zero and 0x…dEaD burn addresses → NOT_USED.
 * GET /dev/withdrawal/deny-list prints them; they are valid addresses, so only screening refuses them.
 */
const DENY_SEED = sha512(new TextEncoder().encode('custodial-wallet sandbox deny-list v1'));

const ETHEREUM_BURN = ['0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dEaD'];

let cached: { bitcoinNetwork: string; list: ListedAddress[] } | undefined;

export function sandboxDenyList(): ListedAddress[] {
  const bitcoinNetwork = getBitcoinNetwork();
  if (cached?.bitcoinNetwork === bitcoinNetwork) return cached.list;
  const list: ListedAddress[] = [];
  for (const network of NETWORKS) {
    list.push({
      network,
      address: deriveDepositAddress(DENY_SEED, network, 0),
      checkResult: 'BLOCKED',
      why: 'sandbox sanctions list',
    });
    list.push({
      network,
      address: deriveDepositAddress(DENY_SEED, network, 1),
      checkResult: 'NOT_USED',
      why: 'sandbox: never credited by the network',
    });
  }
  for (const address of ETHEREUM_BURN)
    list.push({ network: 'ethereum', address, checkResult: 'NOT_USED', why: 'burn address' });
  cached = { bitcoinNetwork, list };
  return list;
}

/** BLOCKED or NOT_USED when the sandbox lists this address on this network, else undefined. */
export function denyListed(network: Network, address: string): ListedResult | undefined {
  const key = addressKey(network, address);
  return sandboxDenyList().find((l) => l.network === network && addressKey(network, l.address) === key)?.checkResult;
}
