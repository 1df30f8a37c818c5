import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { LedgerViolation } from '../ledger/invariants.js';

/**
 * Withdrawals agree with the ledger: an external send's holds are open while it is IN_PROGRESS
 * (with an unfinished job), all posted once COMPLETED, all voided once FAILED; an internal send is
 * one posted transfer. Read-only, for tests and checks beside checkLedgerInvariants.
 */
export async function checkWithdrawalInvariants(db: Executor): Promise<LedgerViolation[]> {
  const result = (await db.execute(sql`
    with holds as (
      select w.id, w.state, w.kind, h.hold_id, r.kind as resolution, t.kind as transfer_kind
      from withdrawals w
      cross join lateral (values (w.hold_transfer_id), (w.fee_hold_transfer_id)) as h(hold_id)
      left join ledger_transfers t on t.id = h.hold_id
      left join ledger_transfers r on r.pending_id = h.hold_id
      where h.hold_id is not null
    )
    select id, state, kind, hold_id, coalesce(resolution, 'open') as resolution, transfer_kind from holds
    where (kind = 'INTERNAL' and (state <> 'COMPLETED' or transfer_kind <> 'single'))
       or (kind = 'EXTERNAL' and (transfer_kind <> 'pending'
         or (state = 'IN_PROGRESS' and resolution is not null)
         or (state = 'COMPLETED' and resolution is distinct from 'post_pending')
         or (state = 'FAILED' and resolution is distinct from 'void_pending')))
    union all
    select w.id, w.state, w.kind, null, 'no job', null from withdrawals w
    left join jobs j on j.kind = 'withdrawal' and j.key = w.id::text
    where w.kind = 'EXTERNAL' and (j.key is null or (w.state = 'IN_PROGRESS') <> (j.finished_at is null))
    union all
    select w.id, w.state, w.kind, null, 'no hold', null from withdrawals w where w.hold_transfer_id is null
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    check: 'withdrawals match their holds',
    detail: `${r.kind} withdrawal ${r.id} ${r.state}: hold ${r.hold_id ?? '-'} ${r.resolution}${r.transfer_kind ? ` (${r.transfer_kind})` : ''}`,
  }));
}
