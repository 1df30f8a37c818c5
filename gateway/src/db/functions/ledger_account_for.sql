-- The one way a ledger account is found or created (ledger/accounts.ts ensureLedgerAccounts calls
-- it for the TypeScript side; withdrawal_open, swap_hold and swap_settle call it directly): a user's
-- account when an owner is given, else the system account `p_code`; created on first use.
CREATE OR REPLACE FUNCTION "ledger_account_for"(p_owner uuid, p_currency text, p_code text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	v_id bigint;
BEGIN
	-- A user's account when an owner is given, else the system account `p_code`; created on first use.
	-- A concurrent first use is settled by the partial unique index: the loser reads the winner's row.
	IF p_owner IS NOT NULL THEN
		SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'user' AND a.owner_account_id = p_owner AND a.currency = p_currency;
		IF v_id IS NULL THEN
			INSERT INTO ledger_accounts (currency, kind, owner_account_id) VALUES (p_currency, 'user', p_owner)
				ON CONFLICT (owner_account_id, currency) WHERE kind = 'user' DO NOTHING RETURNING id INTO v_id;
		END IF;
		IF v_id IS NULL THEN
			SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'user' AND a.owner_account_id = p_owner AND a.currency = p_currency;
		END IF;
	ELSE
		SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.currency = p_currency AND a.code = p_code;
		IF v_id IS NULL THEN
			INSERT INTO ledger_accounts (currency, kind, code) VALUES (p_currency, 'system', p_code)
				ON CONFLICT (currency, code) WHERE kind = 'system' DO NOTHING RETURNING id INTO v_id;
		END IF;
		IF v_id IS NULL THEN
			SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.currency = p_currency AND a.code = p_code;
		END IF;
	END IF;
	RETURN v_id;
END
$$;
