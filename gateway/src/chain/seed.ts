import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { Config } from '../config.js';

/**
 * The one HD seed behind every deposit address. It lives in configuration (WALLET_MNEMONIC) or,
 * in sandbox mode only, in a 0600 file in the data dir — never in a database table, so a database
 * dump alone can never move funds.
 */
export const SEED_FILE = 'wallet-seed.txt';

export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

// PBKDF2 (2048 rounds) per call is too slow for every address; one seed per source per process.
const cache = new Map<string, Uint8Array>();

function normalise(mnemonic: string): string {
  return mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
}

function seedOf(mnemonic: string, where: string): Uint8Array {
  const words = normalise(mnemonic);
  if (!validateMnemonic(words, wordlist)) throw new SeedError(`${where} is not a valid BIP39 English mnemonic`);
  return mnemonicToSeedSync(words);
}

function sandboxMnemonic(dataDir: string): string {
  const file = path.join(dataDir, SEED_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const mnemonic = generateMnemonic(wordlist, 256);
  try {
    // 'wx' fails if another gateway process created the file first; then everyone uses theirs.
    writeFileSync(file, `${mnemonic}\n`, { encoding: 'utf8', mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw error;
  }
  chmodSync(file, 0o600); // the umask may have widened the mode given to writeFileSync
  return mnemonic;
}

export function loadSeed(config: Config): Uint8Array {
  if (config.walletMnemonic) {
    const key = `env:${normalise(config.walletMnemonic)}`;
    let seed = cache.get(key);
    if (!seed) cache.set(key, (seed = seedOf(config.walletMnemonic, 'WALLET_MNEMONIC')));
    return seed;
  }
  if (!config.sandbox) throw new SeedError('WALLET_MNEMONIC is required outside sandbox mode');
  // An in-memory database gets an in-memory seed: nothing of a throwaway run touches the disk.
  const key = config.databaseUrl?.startsWith('memory://') ? 'memory:' : `file:${path.resolve(config.dataDir)}`;
  let seed = cache.get(key);
  if (!seed) {
    const mnemonic = key === 'memory:' ? generateMnemonic(wordlist, 256) : sandboxMnemonic(config.dataDir);
    seed = seedOf(mnemonic, key === 'memory:' ? 'generated mnemonic' : path.join(config.dataDir, SEED_FILE));
    cache.set(key, seed);
  }
  return seed;
}

/** Tests only: forget cached seeds so a "restart" reads the data dir again. */
export function clearSeedCache() {
  cache.clear();
}
