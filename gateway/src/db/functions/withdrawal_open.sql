-- An external send's writes as one round trip (gateway/src/withdrawals/create.ts calls it): the
-- withdrawal row (the idempotency gate), the ledger accounts it needs, the two holds, the history
-- row, the send's job (gateway/src/jobs/, kind 'withdrawal') and the withdrawal's links. Its rules:
--  * the unique (account_id, idempotency_key) index decides: a replay, or a twin that waited on the
--    index, gets the first row back with `replayed` and nothing else is written;
--  * the withdrawal's id comes from the gateway, which picks the system account shards by it
--    (ledger/accounts.ts shardCode);
--  * the holds go through ledger_open, so the locks, the ledger's own idempotency and the
--    no-overdraft CHECK are unchanged; a refusal aborts the statement and nothing is left behind.
CREATE OR REPLACE FUNCTION "withdrawal_open"(
	p_id uuid, p_account uuid, p_currency text, p_network text, p_amount numeric, p_fee numeric, p_to text, p_key text, p_hash text,
	p_clearing_code text, p_fee_code text,
	OUT w withdrawals, OUT h wallet_transactions, OUT replayed boolean
) LANGUAGE plpgsql AS $$
DECLARE
	v_user bigint;
	v_main ledger_transfers;
	v_fee ledger_transfers;
BEGIN
	INSERT INTO withdrawals (id, account_id, currency, network, kind, amount, fee, to_address, idempotency_key, request_hash, state)
		VALUES (p_id, p_account, p_currency, p_network, 'EXTERNAL', p_amount, p_fee, p_to, p_key, p_hash, 'IN_PROGRESS')
		ON CONFLICT (account_id, idempotency_key) DO NOTHING
		RETURNING * INTO w;
	IF NOT FOUND THEN
		SELECT * INTO w FROM withdrawals x WHERE x.account_id = p_account AND x.idempotency_key = p_key;
		replayed := true;
		RETURN;
	END IF;
	v_user := ledger_account_for(p_account, p_currency, NULL);
	v_main := (ledger_open('pending', v_user, ledger_account_for(NULL, p_currency, p_clearing_code), p_amount, p_currency,
		'withdrawal:' || w.id, 'withdrawal ' || w.id)).transfer;
	IF p_fee > 0 THEN
		v_fee := (ledger_open('pending', v_user, ledger_account_for(NULL, p_currency, p_fee_code), p_fee, p_currency,
			'withdrawal-fee:' || w.id, 'withdrawal fee ' || w.id)).transfer;
	END IF;
	INSERT INTO wallet_transactions (account_id, currency, direction, transaction_type, state, amount, fee, to_address, network,
			confirmations, from_address, ledger_transfer_id)
		VALUES (p_account, p_currency, 'WITHDRAWAL', 'WITHDRAWAL', 'IN_PROGRESS', p_amount, p_fee, p_to, p_network, 0,
			(SELECT d.address FROM deposit_addresses d WHERE d.account_id = p_account AND d.network = p_network), v_main.id)
		RETURNING * INTO h;
	INSERT INTO jobs (kind, key) VALUES ('withdrawal', w.id::text);
	UPDATE withdrawals x SET wallet_transaction_id = h.id, hold_transfer_id = v_main.id, fee_hold_transfer_id = v_fee.id
		WHERE x.id = w.id
		RETURNING * INTO w;
	replayed := false;
END
$$;
