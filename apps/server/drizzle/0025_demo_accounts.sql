CREATE TABLE "demo_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"book" text DEFAULT 'demo' NOT NULL,
	"twin_of" integer,
	"twin_book" text DEFAULT 'real' NOT NULL,
	"starting_balance" numeric(36, 18) NOT NULL,
	"resets" integer DEFAULT 0 NOT NULL,
	"last_reset_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "demo_accounts_twin_of_unique" UNIQUE("twin_of"),
	CONSTRAINT "demo_accounts_book" CHECK ("demo_accounts"."book" = 'demo' and "demo_accounts"."twin_book" = 'real'),
	CONSTRAINT "demo_accounts_starting_balance" CHECK ("demo_accounts"."starting_balance" > 0),
	CONSTRAINT "demo_accounts_resets" CHECK ("demo_accounts"."resets" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_purpose";--> statement-breakpoint
DROP INDEX "ledger_accounts_system_purpose_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_id_book_key" ON "users" USING btree ("id","book");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_id_book_key" ON "ledger_accounts" USING btree ("id","book");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_purpose_key" ON "ledger_accounts" USING btree ("purpose","book") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
ALTER TABLE "demo_accounts" ADD CONSTRAINT "demo_accounts_user_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_accounts" ADD CONSTRAINT "demo_accounts_twin_fk" FOREIGN KEY ("twin_of","twin_book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_book_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_book" CHECK ("users"."book" in ('real', 'demo'));--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_kind" CHECK ("journal_transactions"."kind" in ('deposit', 'withdrawal', 'transfer', 'fee', 'system_add', 'system_debit', 'trade', 'funding', 'liquidation', 'option_stake', 'option_payout', 'swap', 'earn_subscription', 'earn_interest', 'earn_redemption', 'mission_reward', 'referral_commission', 'demo_grant', 'demo_return'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_book" CHECK ("ledger_accounts"."book" in ('real', 'demo'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_purpose" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."purpose" in ('spot', 'futures'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."book" = 'real'
          and "ledger_accounts"."purpose" in ('deposits_clearing', 'withdrawals_clearing', 'fees', 'rounding', 'adjustments', 'futures_clearing', 'insurance_fund', 'options_pool', 'swap_deposits_clearing', 'swap_payouts_clearing', 'swap_refunds_clearing', 'swap_network_fees', 'swap_revenue', 'swap_inventory_bitcoin', 'swap_inventory_ethereum', 'swap_inventory_tron', 'swap_inventory_solana', 'swap_inventory_bsc', 'swap_inventory_litecoin', 'earn_principal', 'earn_interest', 'rewards', 'demo_grants', 'demo_market')
          and "ledger_accounts"."purpose" not in ('demo_grants', 'demo_market'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."book" = 'demo' and "ledger_accounts"."purpose" in ('fees', 'rounding', 'futures_clearing', 'insurance_fund', 'options_pool', 'earn_principal', 'earn_interest', 'demo_grants', 'demo_market')));--> statement-breakpoint
-- hand-written: the books kept apart by the database (decision 0055).
-- A user account takes its user's book; the foreign key (user_id, book) then holds it to that.
CREATE FUNCTION ledger_account_takes_user_book() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN
    SELECT book INTO NEW.book FROM users WHERE id = NEW.user_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_user_book BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_account_takes_user_book();
--> statement-breakpoint
-- A user's book, and an account's, never change: real money cannot become virtual, nor the reverse.
CREATE FUNCTION book_is_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the book of a row of % never changes', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_book_fixed BEFORE UPDATE OF book ON users
  FOR EACH ROW WHEN (OLD.book IS DISTINCT FROM NEW.book) EXECUTE FUNCTION book_is_fixed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_book_fixed BEFORE UPDATE OF book ON ledger_accounts
  FOR EACH ROW WHEN (OLD.book IS DISTINCT FROM NEW.book) EXECUTE FUNCTION book_is_fixed();
--> statement-breakpoint
-- Every journal transaction balances per asset, as before, and now also stays in one book: a posting on a demo
-- account and one on a real account cannot be in the same journal transaction, so virtual funds never reach a
-- real balance.
CREATE OR REPLACE FUNCTION ledger_require_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
  books integer;
BEGIN
  SELECT asset INTO unbalanced FROM postings
    WHERE transaction_id = NEW.transaction_id GROUP BY asset HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT count(DISTINCT a.book) INTO books FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.transaction_id = NEW.transaction_id;
  IF books > 1 THEN
    RAISE EXCEPTION 'journal transaction % joins the real and the demo books', NEW.transaction_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO ledger_accounts (purpose, book) VALUES
  ('fees', 'demo'), ('rounding', 'demo'), ('futures_clearing', 'demo'), ('insurance_fund', 'demo'),
  ('options_pool', 'demo'), ('earn_principal', 'demo'), ('earn_interest', 'demo'), ('demo_grants', 'demo'),
  ('demo_market', 'demo');
