-- A synchronous swap's two legs as one round trip (swap_confirm, migration 0014, calls it; the
-- transaction around it is rolled back when the provider refuses): the accounts, the source leg, the
-- destination made visible (as a deposit does) and the destination leg were six round trips (a read
-- of the source accounts, a transfer, the destination's account, its asset row, its deposit address,
-- a transfer). The rules are those of that code: both legs go through ledger_open (0011), keyed
-- `swap-out:`/`swap-in:` and the order id, at the order's own amounts; an asset the user archived
-- comes back, a visible one is not rewritten. Whether the asset has just become visible comes back
-- too: the gateway then makes sure it has a deposit address (deriving one is its work, with its keys).
CREATE OR REPLACE FUNCTION "swap_legs"(
	p_order uuid, p_account uuid, p_source text, p_destination text, p_source_amount numeric, p_destination_amount numeric,
	p_source_shard text, p_destination_shard text,
	OUT out_id bigint, OUT in_id bigint, OUT asset_shown boolean
) LANGUAGE plpgsql AS $$
DECLARE
	v_user_destination bigint;
BEGIN
	out_id := (ledger_open('single', ledger_account_for(p_account, p_source, NULL), ledger_account_for(NULL, p_source, p_source_shard),
		p_source_amount, p_source, 'swap-out:' || p_order, 'swap ' || p_order)).transfer.id;
	v_user_destination := ledger_account_for(p_account, p_destination, NULL);
	INSERT INTO wallet_assets (account_id, currency, ledger_account_id) VALUES (p_account, p_destination, v_user_destination)
		ON CONFLICT (account_id, currency) DO UPDATE SET archived_at = NULL WHERE wallet_assets.archived_at IS NOT NULL;
	-- A row inserted or un-archived; none when the asset was already visible.
	asset_shown := FOUND;
	in_id := (ledger_open('single', ledger_account_for(NULL, p_destination, p_destination_shard), v_user_destination,
		p_destination_amount, p_destination, 'swap-in:' || p_order, 'swap ' || p_order)).transfer.id;
END
$$;
