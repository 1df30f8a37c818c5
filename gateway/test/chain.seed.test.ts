import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveDepositAddress } from '../src/chain/addresses.js';
import { clearSeedCache, loadSeed, SEED_FILE } from '../src/chain/seed.js';
import { loadConfig } from '../src/config.js';

const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-seed-'));
const configFor = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: scratch, ...env });

beforeEach(() => clearSeedCache());
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the wallet seed', () => {
  it('comes from WALLET_MNEMONIC when set, whatever its spacing', () => {
    const seed = loadSeed(configFor({ WALLET_MNEMONIC: `  ${ABANDON.replace(/ /g, '   ')}\n`, SANDBOX: 'false' }));
    expect(seed).toEqual(mnemonicToSeedSync(ABANDON));
    expect(deriveDepositAddress(seed, 'bitcoin', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('refuses a mnemonic that fails the BIP39 checksum or wordlist', () => {
    expect(() => loadSeed(configFor({ WALLET_MNEMONIC: ABANDON.replace(/about$/, 'abandon') }))).toThrow(/BIP39/);
    expect(() => loadSeed(configFor({ WALLET_MNEMONIC: ABANDON.replace(/about$/, 'bitcoin2') }))).toThrow(/BIP39/);
  });

  it('is required outside sandbox mode', () => {
    expect(() => loadSeed(configFor({ SANDBOX: 'false' }))).toThrow(/WALLET_MNEMONIC is required/);
    expect(() =>
      loadSeed(
        loadConfig({
          NODE_ENV: 'production',
          TELEGRAM_BOT_TOKEN: 'x',
          IDP_KEY_ENCRYPTION_KEY: 'c2VjcmV0LXByb2R1Y3Rpb24ta2V5LWZvci10ZXN0cyE=',
          PASSCODE_PEPPER: 'k1:cGFzc2NvZGUtcGVwcGVyLWZvci1wcm9kdWN0aW9uLXRlc3RzIQ==',
          DATA_DIR: scratch,
        }),
      ),
    ).toThrow(/WALLET_MNEMONIC/);
  });

  it('in sandbox mode is generated once into the data dir (0600) and reused after a restart', () => {
    const dir = path.join(scratch, 'fresh');
    const config = configFor({ SANDBOX: 'true', DATA_DIR: dir });
    const first = loadSeed(config);
    const file = path.join(dir, SEED_FILE);
    const words = readFileSync(file, 'utf8').trim();
    expect(words.split(' ')).toHaveLength(24);
    expect(validateMnemonic(words, wordlist)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSeed(config)).toBe(first); // cached in the process

    clearSeedCache(); // as after a restart
    const again = loadSeed(config);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(words);
  });

  it('uses an existing seed file as is', () => {
    const dir = path.join(scratch, 'existing');
    const config = configFor({ SANDBOX: 'true', DATA_DIR: dir });
    loadSeed(config); // creates the folder
    writeFileSync(path.join(dir, SEED_FILE), `${ABANDON}\n`);
    clearSeedCache();
    expect(deriveDepositAddress(loadSeed(config), 'ethereum', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('stays in memory for a memory:// database', () => {
    const dir = path.join(scratch, 'memory');
    const config = configFor({ SANDBOX: 'true', DATA_DIR: dir, DATABASE_URL: 'memory://' });
    const seed = loadSeed(config);
    expect(seed).toHaveLength(64);
    expect(loadSeed(config)).toBe(seed);
    expect(() => statSync(path.join(dir, SEED_FILE))).toThrow();
  });
});
