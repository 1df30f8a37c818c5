-- The one writer of a swap's two history rows (source as money out, destination as money in, tied
-- to the order by swap_order_id), called by swap_hold and swap_settle: written when the order is
-- held, moved on with it when it settles. The WITHDRAWAL row points at the source's transfer (the
-- hold while IN_PROGRESS, its post once COMPLETED), the DEPOSIT row at the destination's credit; a
-- FAILED order's rows point at nothing, since nothing moved.
CREATE OR REPLACE FUNCTION "swap_history"(p_order swap_orders, p_state text, p_out bigint, p_in bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE wallet_transactions w SET
		state = p_state,
		updated_at = now(),
		completed_at = CASE WHEN p_state = 'COMPLETED' THEN now() END,
		ledger_transfer_id = CASE WHEN w.direction = 'WITHDRAWAL' THEN p_out ELSE p_in END
	WHERE w.swap_order_id = p_order.id;
	IF FOUND THEN
		RETURN;
	END IF;
	INSERT INTO wallet_transactions (account_id, transaction_type, state, fee, swap_order_id, from_currency, to_currency,
			from_amount, to_amount, exchange_rate, completed_at, currency, direction, amount, ledger_transfer_id)
		VALUES
			(p_order.account_id, 'EXCHANGE', p_state, 0, p_order.id, p_order.source_currency, p_order.destination_currency,
				p_order.source_amount, p_order.destination_amount, p_order.rate, CASE WHEN p_state = 'COMPLETED' THEN now() END,
				p_order.source_currency, 'WITHDRAWAL', p_order.source_amount, p_out),
			(p_order.account_id, 'EXCHANGE', p_state, 0, p_order.id, p_order.source_currency, p_order.destination_currency,
				p_order.source_amount, p_order.destination_amount, p_order.rate, CASE WHEN p_state = 'COMPLETED' THEN now() END,
				p_order.destination_currency, 'DEPOSIT', p_order.destination_amount, p_in);
END
$$;
