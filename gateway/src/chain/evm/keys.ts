import { HDKey } from '@scure/bip32';
import { bytesToHex } from '@noble/hashes/utils.js';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { derivationPath } from '../addresses.js';

/**
 * Signing keys, all from the gateway's one seed (chain/seed.ts). Users' deposit addresses live on
 * m/44'/60'/0'/0/i (MetaMask's first account's branch); the hot wallet has an account of its own,
 * m/44'/60'/1'/0/0, so it can never be anyone's deposit address and a user index never signs for it.
 */
export const HOT_WALLET_PATH = "m/44'/60'/1'/0/0";

function accountAt(seed: Uint8Array, path: string): PrivateKeyAccount {
  const key = HDKey.fromMasterSeed(seed).derive(path);
  return privateKeyToAccount(`0x${bytesToHex(key.privateKey!)}`);
}

const hot = new WeakMap<Uint8Array, PrivateKeyAccount>();

/** The hot wallet: it signs every withdrawal and receives every sweep. */
export function hotWallet(seed: Uint8Array): PrivateKeyAccount {
  let account = hot.get(seed);
  if (!account) hot.set(seed, (account = accountAt(seed, HOT_WALLET_PATH)));
  return account;
}

/** The key of a user's deposit address, for sweeping it (the path deriveDepositAddress uses). */
export function depositAccount(seed: Uint8Array, hdIndex: number): PrivateKeyAccount {
  return accountAt(seed, derivationPath('ethereum', hdIndex));
}
