-- A swap confirm's decision, inside the passcode gate's transaction (gateway/src/swap/confirm.ts):
-- the order locked and judged (state, expiry by the database clock unless the caller passes its
-- own), its source held (ledger_open, so the funds are checked and reserved by the ledger's own
-- rules), the order IN_PROGRESS with its history rows, and its settlement job queued, all in one
-- round trip. The provider is asked only after this commits, so no row stays locked while it
-- answers; the job settles the order if the process dies before it does (p_job_delay_ms later).
-- Concurrent confirms queue on the order's row lock; the later ones get the order as it stands
-- (`current`) and carry on from there.
CREATE OR REPLACE FUNCTION "swap_hold"(
	p_order uuid, p_account uuid, p_shard text, p_now timestamptz, p_job_delay_ms integer,
	OUT o swap_orders, OUT outcome text
) LANGUAGE plpgsql AS $$
DECLARE
	v_hold bigint;
BEGIN
	SELECT * INTO o FROM swap_orders s WHERE s.id = p_order AND s.account_id = p_account FOR UPDATE;
	IF NOT FOUND THEN
		outcome := 'not_found';
		RETURN;
	END IF;
	IF o.state <> 'NEW' THEN
		outcome := 'current';
		RETURN;
	END IF;
	IF o.expires_at <= coalesce(p_now, now()) THEN
		outcome := 'expired';
		RETURN;
	END IF;
	v_hold := (ledger_open('pending', ledger_account_for(p_account, o.source_currency, NULL),
		ledger_account_for(NULL, o.source_currency, p_shard), o.source_amount, o.source_currency,
		'swap-hold:' || o.id, 'swap ' || o.id)).transfer.id;
	UPDATE swap_orders s SET state = 'IN_PROGRESS', hold_transfer_id = v_hold, confirmed_at = now()
		WHERE s.id = o.id
		RETURNING * INTO o;
	PERFORM swap_history(o, 'IN_PROGRESS', v_hold, NULL);
	INSERT INTO jobs (kind, key, run_at) VALUES ('swap-settlement', o.id::text, now() + make_interval(secs => p_job_delay_ms / 1000.0))
		ON CONFLICT (kind, key) DO NOTHING;
	outcome := 'held';
END
$$;
