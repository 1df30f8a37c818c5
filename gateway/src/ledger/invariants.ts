import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

export interface LedgerViolation {
  check: string;
  detail: string;
}

async function rows(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

// Numerics are cast to text: drivers disagree on how they return numeric, text is exact in both.
const CHECKS: { check: string; query: SQL; describe: (r: Record<string, unknown>) => string }[] = [
  {
    check: 'debits = credits per currency',
    query: sql`
      select currency, sum(debits_posted)::text dp, sum(credits_posted)::text cp, sum(debits_pending)::text dpe, sum(credits_pending)::text cpe
      from ledger_accounts group by currency
      having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)`,
    describe: (r) =>
      `${r.currency}: posted debits ${r.dp} vs credits ${r.cp}; pending debits ${r.dpe} vs credits ${r.cpe}`,
  },
  {
    check: 'account totals = journal sums (available + on hold = posted, on hold = open holds)',
    query: sql`
      with open_holds as (
        select p.* from ledger_transfers p
        where p.kind = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)
      ), legs as (
        select debit_account_id acc, amount dpo, 0::numeric cpo, 0::numeric dpe, 0::numeric cpe from ledger_transfers where kind in ('single', 'post_pending')
        union all select credit_account_id, 0, amount, 0, 0 from ledger_transfers where kind in ('single', 'post_pending')
        union all select debit_account_id, 0, 0, amount, 0 from open_holds
        union all select credit_account_id, 0, 0, 0, amount from open_holds
      ), sums as (
        select acc, sum(dpo) dpo, sum(cpo) cpo, sum(dpe) dpe, sum(cpe) cpe from legs group by acc
      )
      select a.id, a.currency, a.debits_posted::text dpo, coalesce(s.dpo, 0)::text jdpo, a.credits_posted::text cpo, coalesce(s.cpo, 0)::text jcpo,
             a.debits_pending::text dpe, coalesce(s.dpe, 0)::text jdpe, a.credits_pending::text cpe, coalesce(s.cpe, 0)::text jcpe
      from ledger_accounts a left join sums s on s.acc = a.id
      where a.debits_posted <> coalesce(s.dpo, 0) or a.credits_posted <> coalesce(s.cpo, 0)
         or a.debits_pending <> coalesce(s.dpe, 0) or a.credits_pending <> coalesce(s.cpe, 0)`,
    describe: (r) =>
      `account ${r.id} (${r.currency}): debits posted ${r.dpo}/journal ${r.jdpo}, credits posted ${r.cpo}/${r.jcpo}, debits pending ${r.dpe}/${r.jdpe}, credits pending ${r.cpe}/${r.jcpe}`,
  },
  {
    check: 'user accounts never overdrawn',
    query: sql`select id, currency, (credits_posted - debits_posted - debits_pending)::text available from ledger_accounts
      where kind = 'user' and credits_posted - debits_posted - debits_pending < 0`,
    describe: (r) => `account ${r.id} (${r.currency}) available ${r.available}`,
  },
  {
    check: 'transfers stay within one currency',
    query: sql`select t.id, t.currency, d.currency dc, c.currency cc from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
      where d.currency <> t.currency or c.currency <> t.currency`,
    describe: (r) => `transfer ${r.id} in ${r.currency} between ${r.dc} and ${r.cc} accounts`,
  },
  {
    check: 'holds resolve on their own accounts, for at most their amount',
    query: sql`select r.id, r.kind, r.pending_id from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
      where r.pending_id is not null and (p.id is null or p.kind <> 'pending' or p.debit_account_id <> r.debit_account_id
        or p.credit_account_id <> r.credit_account_id or r.amount > p.amount or (r.kind = 'void_pending' and r.amount <> p.amount))`,
    describe: (r) => `${r.kind} ${r.id} does not match hold ${r.pending_id}`,
  },
  {
    check: 'completed deposits credited once, others not at all',
    query: sql`select w.id, w.state, w.ledger_transfer_id, w.amount::text amount, t.amount::text credited from wallet_transactions w
      left join ledger_transfers t on t.id = w.ledger_transfer_id
      left join ledger_accounts c on c.id = t.credit_account_id
      where w.direction = 'DEPOSIT' and w.deposit_key is not null and (
        (w.state = 'COMPLETED') <> (w.ledger_transfer_id is not null)
        or (t.id is not null and (t.amount <> w.amount or c.owner_account_id <> w.account_id or t.currency <> w.currency)))`,
    describe: (r) =>
      `deposit ${r.id} ${r.state}: transfer ${r.ledger_transfer_id ?? 'none'}, amount ${r.amount}, credited ${r.credited ?? 'nothing'}`,
  },
];

/** Every way the books can be wrong; an empty list means they balance. Read-only and cheap on test data. */
export async function checkLedgerInvariants(db: Executor): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const c of CHECKS) {
    for (const r of await rows(db, c.query)) violations.push({ check: c.check, detail: c.describe(r) });
  }
  return violations;
}
