import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { LedgerViolation } from '../ledger/invariants.js';

/**
 * Swap orders agree with the ledger and with history, matched by order id, never by amounts:
 * - COMPLETED: its two legs at its own amounts (user → liquidity in the source: a single transfer,
 *   or the post of its hold when settled asynchronously; liquidity → user in the destination);
 * - IN_PROGRESS: its hold on the source is open and nothing else moved;
 * - NEW and FAILED: nothing moved (a FAILED order's hold, if any, was voided);
 * - every confirmed order has exactly one history row per side (swap_order_id), in its own state,
 *   pointing at its own legs; a NEW order has none; no EXCHANGE row lacks an order.
 * Never half a swap. Read-only, for tests and checks beside checkLedgerInvariants.
 */
export async function checkSwapInvariants(db: Executor): Promise<LedgerViolation[]> {
  const result = (await db.execute(sql`
    select o.id, o.state, 'legs do not match the order' as problem from swap_orders o
    left join ledger_transfers s on s.id = o.source_transfer_id
    left join ledger_accounts sd on sd.id = s.debit_account_id
    left join ledger_transfers d on d.id = o.destination_transfer_id
    left join ledger_accounts dc on dc.id = d.credit_account_id
    where o.state = 'COMPLETED' and (
      s.id is null or d.id is null or d.kind <> 'single'
      or not (s.kind = 'single' and o.hold_transfer_id is null or s.kind = 'post_pending' and s.pending_id = o.hold_transfer_id)
      or s.amount <> o.source_amount or s.currency <> o.source_currency or sd.owner_account_id is distinct from o.account_id
      or d.amount <> o.destination_amount or d.currency <> o.destination_currency or dc.owner_account_id is distinct from o.account_id)
    union all
    select o.id, o.state, 'money moved for an order that is not COMPLETED' from swap_orders o
    where o.state <> 'COMPLETED' and (exists (
      select 1 from ledger_transfers t where t.idempotency_key in ('swap-out:' || o.id::text, 'swap-in:' || o.id::text))
      or exists (select 1 from ledger_transfers p where p.pending_id = o.hold_transfer_id and p.kind = 'post_pending'))
    union all
    select o.id, o.state, 'hold does not match the order' from swap_orders o
    left join ledger_transfers h on h.id = o.hold_transfer_id
    left join ledger_accounts hd on hd.id = h.debit_account_id
    where o.hold_transfer_id is not null and (h.kind <> 'pending' or h.amount <> o.source_amount
      or h.currency <> o.source_currency or hd.owner_account_id is distinct from o.account_id)
    union all
    select o.id, o.state, 'hold not resolved as the state says' from swap_orders o
    where o.hold_transfer_id is not null and (select coalesce(string_agg(r.kind, ','), 'open') from ledger_transfers r
      where r.pending_id = o.hold_transfer_id) <> case o.state when 'IN_PROGRESS' then 'open' when 'COMPLETED' then 'post_pending' else 'void_pending' end
    union all
    select o.id, o.state, 'an open swap hold without an IN_PROGRESS order' from swap_orders o
    join ledger_transfers h on h.idempotency_key = 'swap-hold:' || o.id::text
    where o.hold_transfer_id is distinct from h.id
    union all
    select o.id, o.state, 'history rows missing, extra or in another state' from swap_orders o
    where (select count(*) from wallet_transactions w where w.swap_order_id = o.id) <> case o.state when 'NEW' then 0 else 2 end
      or exists (select 1 from wallet_transactions w where w.swap_order_id = o.id and (
        w.account_id <> o.account_id or w.transaction_type <> 'EXCHANGE' or w.state <> o.state
        or w.from_currency <> o.source_currency or w.to_currency <> o.destination_currency
        or w.from_amount <> o.source_amount or w.to_amount <> o.destination_amount
        or w.direction = 'WITHDRAWAL' and (w.currency <> o.source_currency or w.amount <> o.source_amount
          or w.ledger_transfer_id is distinct from case o.state when 'COMPLETED' then o.source_transfer_id when 'IN_PROGRESS' then o.hold_transfer_id end)
        or w.direction = 'DEPOSIT' and (w.currency <> o.destination_currency or w.amount <> o.destination_amount
          or w.ledger_transfer_id is distinct from case o.state when 'COMPLETED' then o.destination_transfer_id end)))
    union all
    select w.id, w.state, 'an EXCHANGE history row without its swap order' from wallet_transactions w
    where w.transaction_type = 'EXCHANGE' and w.swap_order_id is null
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    check: 'swap orders match their legs',
    detail: `order ${r.id} ${r.state}: ${r.problem}`,
  }));
}
