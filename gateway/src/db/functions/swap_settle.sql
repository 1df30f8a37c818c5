-- The provider's answer for a held swap, in one round trip (gateway/src/swap/confirm.ts settleHeld,
-- called by a confirm after its hold committed and by the settlement job): under the order's row
-- lock, an IN_PROGRESS order is settled once. Settled: the hold posted (the source leg), the
-- destination made visible (as a deposit does) and credited from the liquidity shard at the order's
-- own amount (the destination leg), COMPLETED. Refused: the hold voided, FAILED, nothing moved.
-- Either way the history rows follow (swap_history) and the settlement job ends. Any other state
-- comes back as it is, so a second answer changes nothing. Whether the asset has just become
-- visible comes back too: the gateway then makes sure it has a deposit address.
CREATE OR REPLACE FUNCTION "swap_settle"(
	p_order uuid, p_shard text, p_ok boolean, p_reason text,
	OUT o swap_orders, OUT asset_shown boolean
) LANGUAGE plpgsql AS $$
DECLARE
	v_out bigint;
	v_in bigint;
	v_user_destination bigint;
BEGIN
	asset_shown := false;
	SELECT * INTO o FROM swap_orders s WHERE s.id = p_order FOR UPDATE;
	IF FOUND AND o.state = 'IN_PROGRESS' THEN
		IF p_ok THEN
			v_out := (ledger_resolve('post_pending', o.hold_transfer_id, NULL)).transfer.id;
			v_user_destination := ledger_account_for(o.account_id, o.destination_currency, NULL);
			INSERT INTO wallet_assets (account_id, currency, ledger_account_id) VALUES (o.account_id, o.destination_currency, v_user_destination)
				ON CONFLICT (account_id, currency) DO UPDATE SET archived_at = NULL WHERE wallet_assets.archived_at IS NOT NULL;
			-- A row inserted or un-archived; none when the asset was already visible.
			asset_shown := FOUND;
			v_in := (ledger_open('single', ledger_account_for(NULL, o.destination_currency, p_shard), v_user_destination,
				o.destination_amount, o.destination_currency, 'swap-in:' || o.id, 'swap ' || o.id)).transfer.id;
			UPDATE swap_orders s SET state = 'COMPLETED', source_transfer_id = v_out, destination_transfer_id = v_in,
					confirmed_at = coalesce(s.confirmed_at, now())
				WHERE s.id = o.id
				RETURNING * INTO o;
			PERFORM swap_history(o, 'COMPLETED', v_out, v_in);
		ELSE
			PERFORM ledger_resolve('void_pending', o.hold_transfer_id, NULL);
			UPDATE swap_orders s SET state = 'FAILED', failure_reason = p_reason, confirmed_at = coalesce(s.confirmed_at, now())
				WHERE s.id = o.id
				RETURNING * INTO o;
			PERFORM swap_history(o, 'FAILED', NULL, NULL);
		END IF;
	END IF;
	UPDATE jobs j SET finished_at = now(), last_error = CASE WHEN p_ok THEN NULL ELSE p_reason END
		WHERE j.kind = 'swap-settlement' AND j.key = p_order::text AND j.finished_at IS NULL
			AND (o.state IS NULL OR o.state <> 'IN_PROGRESS');
END
$$;
