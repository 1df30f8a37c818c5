-- The one decision before money moves or access changes (passcode/gate.ts): lock the user's row, the
-- lock a reset, a link change and every passcode change also take, then read the hold and the passcode
-- in a fresh snapshot (a second statement sees what the lock holder committed). `contended` says
-- whether another check or change of this user held the lock: a correct code decided inside such a
-- burst clears no failure count (passcode/rules.ts).
CREATE OR REPLACE FUNCTION security_gate(p_user uuid)
RETURNS TABLE (contended boolean, hold_until timestamptz, hash text, failed_attempts integer, lockouts integer, locked_until timestamptz, db_now timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  waited boolean := false;
BEGIN
  BEGIN
    PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE NOWAIT;
  EXCEPTION WHEN lock_not_available THEN
    waited := true;
    PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  END;
  RETURN QUERY SELECT waited,
    CASE WHEN u.passcode_reset_hold_until > clock_timestamp() THEN u.passcode_reset_hold_until END,
    p.hash, p.failed_attempts, p.lockouts, p.locked_until, clock_timestamp()
  FROM users u LEFT JOIN user_passcodes p ON p.user_id = u.id
  WHERE u.id = p_user;
END $$;
