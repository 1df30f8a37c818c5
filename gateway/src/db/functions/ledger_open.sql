-- A transfer or a hold as one round trip (ledger/transfers.ts; withdrawal_open, swap_hold and
-- swap_settle call it too). Its rules:
--  * both accounts locked FOR NO KEY UPDATE in id order, so two transfers over the same pair never
--    deadlock (NO KEY UPDATE, not UPDATE: the journal row's foreign keys take KEY SHARE locks);
--  * an idempotency key is scoped to the user-owned side, else the debit side; a replay returns the
--    first transfer, another request under the same key is refused;
--  * the no-overdraft and non-negative CHECKs on ledger_accounts stay the last word on balances.
-- Refusals carry SQLSTATEs of their own class 'LD', mapped back to LedgerError codes by
-- ledger/errors.ts translateDbError; the message is the one the gateway shows.
CREATE OR REPLACE FUNCTION "ledger_open"(
	p_kind text, p_debit bigint, p_credit bigint, p_amount numeric, p_currency text, p_key text, p_reference text,
	OUT transfer ledger_transfers, OUT replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
	acct ledger_accounts;
	debit ledger_accounts;
	credit ledger_accounts;
	scope bigint;
BEGIN
	IF p_kind NOT IN ('single', 'pending') THEN
		RAISE EXCEPTION 'ledger_open opens single or pending transfers, not %', p_kind USING ERRCODE = 'LD004';
	END IF;
	-- One pass over both rows, locked in id order.
	FOR acct IN SELECT * FROM ledger_accounts a WHERE a.id IN (p_debit, p_credit) ORDER BY a.id FOR NO KEY UPDATE LOOP
		IF acct.id = p_debit THEN debit := acct; ELSE credit := acct; END IF;
	END LOOP;
	IF debit.id IS NULL OR credit.id IS NULL THEN
		RAISE EXCEPTION 'No such ledger account' USING ERRCODE = 'LD002';
	END IF;
	IF debit.currency <> p_currency OR credit.currency <> p_currency THEN
		RAISE EXCEPTION 'Both accounts must hold the transfer currency' USING ERRCODE = 'LD003';
	END IF;
	IF p_key IS NOT NULL THEN
		scope := CASE WHEN debit.kind = 'user' THEN debit.id WHEN credit.kind = 'user' THEN credit.id ELSE debit.id END;
	END IF;
	-- After the locks: a concurrent twin under the same key (it locks the same scope row) has either
	-- committed, so its key makes this insert a no-op, or waits behind us.
	INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, key_account_id, idempotency_key, reference)
		VALUES (p_debit, p_credit, p_amount, p_currency, p_kind, scope, p_key, p_reference)
		ON CONFLICT (key_account_id, idempotency_key) DO NOTHING
		RETURNING * INTO transfer;
	IF NOT FOUND THEN
		SELECT * INTO transfer FROM ledger_transfers t WHERE t.key_account_id = scope AND t.idempotency_key = p_key;
		IF transfer.kind <> p_kind OR transfer.debit_account_id <> p_debit OR transfer.credit_account_id <> p_credit
			OR transfer.amount <> p_amount OR transfer.currency <> p_currency THEN
			RAISE EXCEPTION 'This idempotency key was used for a different transfer' USING ERRCODE = 'LD005';
		END IF;
		replayed := true;
		RETURN;
	END IF;
	-- Both running totals in one statement; the CHECKs judge each row as it ends up.
	IF p_kind = 'single' THEN
		UPDATE ledger_accounts a SET
			debits_posted = a.debits_posted + CASE WHEN a.id = p_debit THEN p_amount ELSE 0 END,
			credits_posted = a.credits_posted + CASE WHEN a.id = p_credit THEN p_amount ELSE 0 END
		WHERE a.id IN (p_debit, p_credit);
	ELSE
		UPDATE ledger_accounts a SET
			debits_pending = a.debits_pending + CASE WHEN a.id = p_debit THEN p_amount ELSE 0 END,
			credits_pending = a.credits_pending + CASE WHEN a.id = p_credit THEN p_amount ELSE 0 END
		WHERE a.id IN (p_debit, p_credit);
	END IF;
	replayed := false;
END
$$;
