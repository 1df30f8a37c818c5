-- Posts (all or part) or voids a hold (ledger/transfers.ts, swap_settle). A replay of the same
-- resolution returns the first one; any other second resolution is refused. The unique index on
-- pending_id stays the backstop.
CREATE OR REPLACE FUNCTION "ledger_resolve"(
	p_kind text, p_pending bigint, p_amount numeric,
	OUT transfer ledger_transfers, OUT replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
	pending ledger_transfers;
	done ledger_transfers;
	amt numeric;
BEGIN
	IF p_kind NOT IN ('post_pending', 'void_pending') THEN
		RAISE EXCEPTION 'ledger_resolve posts or voids, not %', p_kind USING ERRCODE = 'LD004';
	END IF;
	SELECT * INTO pending FROM ledger_transfers t WHERE t.id = p_pending AND t.kind = 'pending';
	IF NOT FOUND THEN
		RAISE EXCEPTION 'No hold %', p_pending USING ERRCODE = 'LD006';
	END IF;
	PERFORM 1 FROM ledger_accounts a WHERE a.id IN (pending.debit_account_id, pending.credit_account_id) ORDER BY a.id FOR NO KEY UPDATE;
	-- Under the locks this read already sees a resolution committed by anyone before us.
	SELECT * INTO done FROM ledger_transfers t WHERE t.pending_id = p_pending;
	IF FOUND THEN
		IF done.kind = p_kind AND (p_kind = 'void_pending' OR p_amount IS NULL OR p_amount = done.amount) THEN
			transfer := done;
			replayed := true;
			RETURN;
		END IF;
		RAISE EXCEPTION 'Hold % was already %', p_pending, CASE WHEN done.kind = 'post_pending' THEN 'posted' ELSE 'voided' END
			USING ERRCODE = 'LD007';
	END IF;
	amt := CASE WHEN p_kind = 'void_pending' THEN pending.amount ELSE coalesce(p_amount, pending.amount) END;
	IF amt > pending.amount THEN
		RAISE EXCEPTION 'Cannot post more than the hold' USING ERRCODE = 'LD004';
	END IF;
	INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, pending_id)
		VALUES (pending.debit_account_id, pending.credit_account_id, amt, pending.currency, p_kind, p_pending)
		RETURNING * INTO transfer;
	-- The hold leaves the pending totals; a post adds what is posted (a partial post releases the rest).
	UPDATE ledger_accounts a SET
		debits_pending = a.debits_pending - CASE WHEN a.id = pending.debit_account_id THEN pending.amount ELSE 0 END,
		credits_pending = a.credits_pending - CASE WHEN a.id = pending.credit_account_id THEN pending.amount ELSE 0 END,
		debits_posted = a.debits_posted + CASE WHEN p_kind = 'post_pending' AND a.id = pending.debit_account_id THEN amt ELSE 0 END,
		credits_posted = a.credits_posted + CASE WHEN p_kind = 'post_pending' AND a.id = pending.credit_account_id THEN amt ELSE 0 END
	WHERE a.id IN (pending.debit_account_id, pending.credit_account_id);
	replayed := false;
END
$$;
