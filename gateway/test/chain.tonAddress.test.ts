import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { deriveDepositAddress } from '../src/chain/addresses.js';

/**
 * TON deposit addresses were derived with @ton/ton's WalletContractV4 until issue 27 swapped it
 * for @ton/core's cells. These are what the old code gave for two fixed seeds (recorded before
 * the swap): every address a user was ever shown must stay byte for byte the same.
 */
const ABANDON = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const PATTERNED = new Uint8Array(64).map((_, i) => (i * 37 + 11) & 0xff);

const BEFORE: [string, Uint8Array, number, string][] = [
  ['abandon', ABANDON, 0, 'UQAzWZa6nM5mJev91wGc7VCSfBoIsYRqKJpV78N8Add9-RKY'],
  ['abandon', ABANDON, 1, 'UQDVJucJT96vGh_bYm3e5uzenasiTOwA9orUHQiyhNsKmBrP'],
  ['abandon', ABANDON, 2, 'UQBD2j3nVKonc1Fggvmt6W5zgXadnmTl43spUT4BKeTcS4Cx'],
  ['abandon', ABANDON, 19, 'UQDb5z5ITrTA7iN5TWv-WxeUwZPZ6EbEcX1nIuJ3ooA-US1U'],
  ['abandon', ABANDON, 1000, 'UQA3S8WYqa0n0HgtUv8tJvww7O--SRJ-Q2DYDMJz6vM37BOz'],
  ['abandon', ABANDON, 65535, 'UQCFtB8OMCB34QOX2xAkNMebi_RUmMFJU-2BfEyW35CEYwU6'],
  ['abandon', ABANDON, 2147483647, 'UQCh9gSERvQNiv8m4mxw6dg0CM-PE5tZLfzfO_Gjl49flz4r'],
  ['patterned', PATTERNED, 0, 'UQDLfxjbBfMPJLB9Iqt-7647Fks8P744RhYhFxxDwUlxg7nn'],
  ['patterned', PATTERNED, 1, 'UQAik7-nB1Smz7xc4FtciYn7kwhb3D54xC7gLGjSjd59AqzG'],
  ['patterned', PATTERNED, 2, 'UQDzqwofmeLTgniXT9rZv8ZFF1loRmSYjPmHtD_4Ev3QXp-S'],
  ['patterned', PATTERNED, 19, 'UQCTLuU4A8DZcXVL4thJ4ZUojUluZ9KP_3QzsnWn1MBTRsjw'],
  ['patterned', PATTERNED, 1000, 'UQBG3On9mVonUK4sUAfXWEnkn16HJQYN1twT5b_YyuBw2POV'],
  ['patterned', PATTERNED, 65535, 'UQCHO8eFlySaDpZYFP9lWz0I7yPWZ1YdrkwUhGMdN7gzl3j1'],
  ['patterned', PATTERNED, 2147483647, 'UQC8Cmd6vJf4fQvguDhlDTg28cHTnRB222hNggjgN01FoWxc'],
];

describe('TON deposit addresses (wallet v4R2 built with @ton/core)', () => {
  it.each(BEFORE)('%s seed #%i is still %s', (_name, seed, index, expected) => {
    expect(deriveDepositAddress(seed, 'ton', index)).toBe(expected);
  });
});
