-- A ledger statement that is its own transaction checks its own figures (how many reservations, journal
-- transactions and balances it wrote) before it ends: a failed check refuses the whole statement, so nothing of it
-- is committed. SQLSTATE KL001 marks these refusals for the server, which reports the message as given.
CREATE FUNCTION ledger_check(ok boolean, refusal text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION '%', refusal USING ERRCODE = 'KL001';
  END IF;
  RETURN true;
END
$$;
