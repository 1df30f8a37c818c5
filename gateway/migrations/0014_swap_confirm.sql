-- A synchronous swap confirm's database work as one round trip inside its transaction
-- (gateway/src/swap/confirm.ts confirmNow calls it, then asks the provider, then commits): the order
-- read under its row lock, the state and expiry judged, both legs (swap_legs, 0013), both history rows
-- and the order's completion were five round trips and a savepoint around the legs. The rules are
-- those of that code: concurrent confirms queue on the order's row lock and the later ones answer the
-- first one's result (`settled`); expiry is judged by the database clock unless the caller passes its
-- own (tests); a provider refusal is the caller's to roll back, and nothing here has been committed.
CREATE OR REPLACE FUNCTION "swap_confirm"(
	p_order uuid, p_account uuid, p_shard text, p_now timestamptz,
	OUT o swap_orders, OUT outcome text, OUT asset_shown boolean
) LANGUAGE plpgsql AS $$
DECLARE
	v_out bigint;
	v_in bigint;
BEGIN
	SELECT * INTO o FROM swap_orders s WHERE s.id = p_order AND s.account_id = p_account FOR UPDATE;
	IF NOT FOUND THEN
		outcome := 'not_found';
		RETURN;
	END IF;
	IF o.state <> 'NEW' THEN
		outcome := 'settled';
		RETURN;
	END IF;
	IF o.expires_at <= coalesce(p_now, now()) THEN
		outcome := 'expired';
		RETURN;
	END IF;
	SELECT l.out_id, l.in_id, l.asset_shown INTO v_out, v_in, asset_shown
		FROM swap_legs(o.id, p_account, o.source_currency, o.destination_currency, o.source_amount, o.destination_amount, p_shard, p_shard) l;
	INSERT INTO wallet_transactions (account_id, transaction_type, state, fee, swap_order_id, from_currency, to_currency,
			from_amount, to_amount, exchange_rate, completed_at, currency, direction, amount, ledger_transfer_id)
		VALUES
			(p_account, 'EXCHANGE', 'COMPLETED', 0, o.id, o.source_currency, o.destination_currency,
				o.source_amount, o.destination_amount, o.rate, now(), o.source_currency, 'WITHDRAWAL', o.source_amount, v_out),
			(p_account, 'EXCHANGE', 'COMPLETED', 0, o.id, o.source_currency, o.destination_currency,
				o.source_amount, o.destination_amount, o.rate, now(), o.destination_currency, 'DEPOSIT', o.destination_amount, v_in);
	UPDATE swap_orders s SET state = 'COMPLETED', source_transfer_id = v_out, destination_transfer_id = v_in, confirmed_at = now()
		WHERE s.id = o.id
		RETURNING * INTO o;
	outcome := 'completed';
END
$$;
