-- The journal is append-only: corrections are new transfers, never edits (the trigger
-- ledger_transfers_no_update_delete, migration 0002, runs it).
CREATE OR REPLACE FUNCTION "ledger_transfers_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_transfers is append-only' USING ERRCODE = 'P0001';
END;
$$;
