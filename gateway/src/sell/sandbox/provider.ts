import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxPayouts, sandboxVaultKeys } from '../../db/schema/index.js';
import { PayoutsUnavailableError, type PayoutProvider } from '../payout.js';

export interface SandboxPayoutBehaviour {
  /** Refuse new sells and submissions with "temporarily unavailable" (spec §8). */
  unavailable: boolean;
  /** Accept this many of the next payouts, then report them FAILED (failure after acceptance). */
  failNextPayouts: number;
  /** How long an accepted payout takes to settle. */
  delayMs: number;
}

export interface SandboxPayouts extends PayoutProvider {
  behaviour(): SandboxPayoutBehaviour;
  setBehaviour(patch: Partial<SandboxPayoutBehaviour>): SandboxPayoutBehaviour;
}

const TOKEN = /^sbx_card_[0-9a-f]{32}$/;

/**
 * A pretend bank: tokenizes cards and pays out after `delayMs`. Its book of accepted payouts is a
 * table, so one accepted before a restart still settles after it. The vault keeps no card number at
 * all (no real money moves, so a token it recognises is enough); the switches are in memory.
 *
 * Fingerprints are HMAC-SHA-256 of the digits under the vault's own random key (table
 * sandbox_vault_keys, made once, shared by every replica): stable per number, never the number, and
 * not a plain hash that the 10^6 numbers behind one mask could be run through.
 */
export function createSandboxPayouts(db: Db): SandboxPayouts {
  const state: SandboxPayoutBehaviour = { unavailable: false, failNextPayouts: 0, delayMs: 3000 };
  let key: Promise<Buffer> | undefined;
  const vaultKey = () => {
    key ??= (async () => {
      await db
        .insert(sandboxVaultKeys)
        .values({ id: 1, key: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ key: sandboxVaultKeys.key })
        .from(sandboxVaultKeys)
        .where(eq(sandboxVaultKeys.id, 1));
      return Buffer.from(row!.key, 'base64');
    })().catch((err: unknown) => {
      key = undefined;
      throw err;
    });
    return key;
  };
  // Read at start: a first sale then never waits on this inside its own transaction (PGlite has one connection).
  vaultKey().catch(() => {});
  const fingerprint = async (number: string) =>
    createHmac('sha256', await vaultKey())
      .update(number.replace(/\D/g, ''))
      .digest('hex');
  return {
    name: 'sandbox',
    available: async () => !state.unavailable,
    async tokenize(card) {
      if (state.unavailable) throw new PayoutsUnavailableError();
      return { vaultToken: `sbx_card_${randomBytes(16).toString('hex')}`, fingerprint: await fingerprint(card.number) };
    },
    // The vault answers fingerprints whatever the payout switch says: a replay is still recognised.
    fingerprint,
    async submit(p) {
      if (state.unavailable) throw new PayoutsUnavailableError();
      if (!TOKEN.test(p.vaultToken)) throw new Error('Unknown vault token');
      const [existing] = await db
        .select({ reference: sandboxPayouts.reference })
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, p.reference));
      if (existing) return;
      const fail = state.failNextPayouts > 0;
      if (fail) state.failNextPayouts -= 1;
      await db
        .insert(sandboxPayouts)
        .values({
          reference: p.reference,
          vaultToken: p.vaultToken,
          fiatCurrency: p.fiatCurrency,
          fiatAmount: p.fiatAmount,
          outcome: fail ? 'FAILED' : 'COMPLETED',
          settlesAt: sql`now() + make_interval(secs => ${state.delayMs / 1000})`,
        })
        .onConflictDoNothing();
    },
    async status(reference) {
      const [row] = await db
        .select({ outcome: sandboxPayouts.outcome, due: sql<boolean>`${sandboxPayouts.settlesAt} <= now()` })
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, reference));
      if (!row) return 'UNKNOWN';
      return row.due ? row.outcome : 'PENDING';
    },
    behaviour: () => ({ ...state }),
    setBehaviour(patch) {
      Object.assign(state, patch);
      return { ...state };
    },
  };
}
