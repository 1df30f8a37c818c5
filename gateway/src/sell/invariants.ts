import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { LedgerViolation } from '../ledger/invariants.js';

/**
 * Sell orders agree with the ledger: each holds its own amount from its own account; IN_PROGRESS
 * leaves the hold open, COMPLETED posted it in full, FAILED voided it; the C2F history row is in
 * the order's state. Read-only, for tests beside checkLedgerInvariants.
 */
export async function checkSellInvariants(db: Executor): Promise<LedgerViolation[]> {
  const result = (await db.execute(sql`
    select o.id, o.state, 'hold missing or not the order''s amount' as problem from sell_orders o
    left join ledger_transfers h on h.id = o.hold_transfer_id
    left join ledger_accounts a on a.id = h.debit_account_id
    where h.id is null or h.kind <> 'pending' or h.amount <> o.amount or h.currency <> o.currency
      or a.owner_account_id is distinct from o.account_id
    union all
    select o.id, o.state, 'hold resolution does not match the state' from sell_orders o
    left join ledger_transfers r on r.pending_id = o.hold_transfer_id
    where (o.state = 'IN_PROGRESS' and r.id is not null)
       or (o.state = 'COMPLETED' and (r.id is null or r.kind <> 'post_pending' or r.amount <> o.amount))
       or (o.state = 'FAILED' and (r.id is null or r.kind <> 'void_pending'))
    union all
    select o.id, o.state, 'history row missing or in another state' from sell_orders o
    left join wallet_transactions w on w.id = o.wallet_transaction_id
    where w.id is null or w.state <> o.state or w.transaction_type <> 'C2F' or w.amount <> o.amount
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    check: 'sell orders match their holds',
    detail: `sell ${r.id} ${r.state}: ${r.problem}`,
  }));
}
