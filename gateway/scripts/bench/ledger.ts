// Ledger transfers straight through the ledger module, many writers at once, then the invariant check.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../src/db/client.js';
import { ensureSystemAccount, ensureUserAccount } from '../../src/ledger/accounts.js';
import { transfer } from '../../src/ledger/transfers.js';
import { LedgerError } from '../../src/ledger/errors.js';
import { checkLedgerInvariants } from '../../src/ledger/invariants.js';

export async function ledgerWriters(
  databaseUrl: string,
  accounts: string[],
  opts: { writers: number; seconds: number },
) {
  const database = await openDatabase({ databaseUrl, dataDir: '.' });
  const { db } = database;
  const funding = await ensureSystemAccount(db, 'USDT_TRX', 'bench-funding');
  const ledger: number[] = [];
  for (const owner of accounts) {
    const acc = await ensureUserAccount(db, owner, 'USDT_TRX');
    await transfer(db, {
      debitAccountId: funding.id,
      creditAccountId: acc.id,
      amount: 1_000_000_000n,
      currency: 'USDT_TRX',
    });
    ledger.push(acc.id);
  }
  let done = 0;
  let refused = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.writers }, async () => {
      while (Date.now() < deadline) {
        const a = ledger[Math.floor(Math.random() * ledger.length)]!;
        let b = ledger[Math.floor(Math.random() * ledger.length)]!;
        if (a === b) b = ledger[(ledger.indexOf(a) + 1) % ledger.length]!;
        try {
          await transfer(db, {
            debitAccountId: a,
            creditAccountId: b,
            amount: BigInt(1 + Math.floor(Math.random() * 1000)),
            currency: 'USDT_TRX',
            idempotencyKey: randomBytes(8).toString('hex'),
          });
          done++;
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          refused++;
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const violations = await checkLedgerInvariants(db);
  await database.close();
  return { perSecond: done / elapsed, done, refused, violations };
}
