-- The ledger's rules, kept by the database itself so that no code path (nor a hand-typed statement) can break
-- them: journal transactions and postings are never changed or removed, and every journal transaction balances
-- per asset when its database transaction commits. See docs/decisions/0012-ledger.md.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege', HINT = 'post a reversing journal transaction instead';
END
$$;
--> statement-breakpoint
CREATE TRIGGER journal_transactions_append_only BEFORE UPDATE OR DELETE ON journal_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_transactions_no_truncate BEFORE TRUNCATE ON journal_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Deferred to commit, so that the postings of one transaction may be written in any order.
CREATE FUNCTION ledger_require_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT asset INTO unbalanced FROM postings
    WHERE transaction_id = NEW.transaction_id GROUP BY asset HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_require_balanced();
--> statement-breakpoint
INSERT INTO assets (code, precision) VALUES
  ('USDT', 6), ('BTC', 8), ('ETH', 8), ('TRX', 6), ('SOL', 8), ('BNB', 8);
--> statement-breakpoint
INSERT INTO ledger_accounts (purpose) VALUES
  ('deposits_clearing'), ('withdrawals_clearing'), ('fees'), ('rounding'), ('adjustments');

--> statement-breakpoint
-- The default networks, with no deposit address: an operator sets each one in the back office, and
-- until then the network takes no deposits. Fees and limits are common market levels, editable there too.
INSERT INTO asset_networks
  (asset, chain, min_deposit, withdrawal_fee, withdrawal_min, withdrawal_max, display_order)
VALUES
  ('USDT', 'tron', 10, 1, 10, 100000, 10),
  ('USDT', 'ethereum', 10, 5, 20, 100000, 20),
  ('BTC', 'bitcoin', 0.0001, 0.0002, 0.001, 10, 30),
  ('ETH', 'ethereum', 0.005, 0.002, 0.01, 200, 40),
  ('TRX', 'tron', 10, 1, 20, 1000000, 50),
  ('SOL', 'solana', 0.05, 0.01, 0.1, 5000, 60),
  ('BNB', 'bsc', 0.01, 0.0005, 0.02, 1000, 70);
