import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { LedgerViolation } from '../ledger/invariants.js';

/**
 * Swap orders agree with the ledger: a COMPLETED order has exactly its two legs at its own amounts
 * (user → liquidity in the source, liquidity → user in the destination); any other order moved
 * nothing. Never half a swap. Read-only, for tests and checks beside checkLedgerInvariants.
 */
export async function checkSwapInvariants(db: Executor): Promise<LedgerViolation[]> {
  const result = (await db.execute(sql`
    select o.id, o.state, 'legs do not match the order' as problem from swap_orders o
    left join ledger_transfers s on s.id = o.source_transfer_id
    left join ledger_accounts sd on sd.id = s.debit_account_id
    left join ledger_transfers d on d.id = o.destination_transfer_id
    left join ledger_accounts dc on dc.id = d.credit_account_id
    where o.state = 'COMPLETED' and (
      s.id is null or d.id is null or s.kind <> 'single' or d.kind <> 'single'
      or s.amount <> o.source_amount or s.currency <> o.source_currency or sd.owner_account_id is distinct from o.account_id
      or d.amount <> o.destination_amount or d.currency <> o.destination_currency or dc.owner_account_id is distinct from o.account_id)
    union all
    select o.id, o.state, 'money moved for an order that is not COMPLETED' from swap_orders o
    where o.state <> 'COMPLETED' and exists (
      select 1 from ledger_transfers t where t.idempotency_key in ('swap-out:' || o.id::text, 'swap-in:' || o.id::text))
    union all
    select o.id, o.state, 'history rows missing or in another state' from swap_orders o
    where o.state <> 'NEW' and (select count(*) from wallet_transactions w
      where w.account_id = o.account_id and w.transaction_type = 'EXCHANGE' and w.state = o.state
        and w.from_currency = o.source_currency and w.to_currency = o.destination_currency
        and w.from_amount = o.source_amount and w.to_amount = o.destination_amount
        and (w.ledger_transfer_id is null) = (o.state = 'FAILED')) < 2
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({ check: 'swap orders match their legs', detail: `order ${r.id} ${r.state}: ${r.problem}` }));
}
