CREATE TABLE "swap_coins" (
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"network_fee" numeric(36, 18) NOT NULL,
	"extended_public_key" text,
	"deposit_address" text,
	"next_index" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_coins_asset_network_pk" PRIMARY KEY("asset","network"),
	CONSTRAINT "swap_coins_figures" CHECK ("swap_coins"."network_fee" >= 0 and "swap_coins"."next_index" >= 0),
	CONSTRAINT "swap_coins_network" CHECK ("swap_coins"."network" in ('bitcoin', 'ethereum', 'tron', 'solana', 'bsc', 'litecoin'))
);
--> statement-breakpoint
CREATE TABLE "swap_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "swap_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "swap_order_events_status" CHECK ("swap_order_events"."status" in ('waiting', 'confirming', 'exchanging', 'sending', 'completed', 'expired', 'cancelled', 'refunding', 'refunded', 'review'))
);
--> statement-breakpoint
CREATE TABLE "swap_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "swap_orders_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"secret_hash" text NOT NULL,
	"user_id" integer,
	"rate_type" text NOT NULL,
	"amount_side" text NOT NULL,
	"from_asset" text NOT NULL,
	"from_network" text NOT NULL,
	"to_asset" text NOT NULL,
	"to_network" text NOT NULL,
	"send_amount" numeric(36, 18) NOT NULL,
	"receive_amount" numeric(36, 18) NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"network_fee" numeric(36, 18) NOT NULL,
	"spread" numeric(36, 18) NOT NULL,
	"min" numeric(36, 18) NOT NULL,
	"max" numeric(36, 18) NOT NULL,
	"deposit_address" text NOT NULL,
	"deposit_memo" text,
	"deposit_index" integer NOT NULL,
	"receive_address" text NOT NULL,
	"receive_memo" text,
	"refund_address" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"review_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"deposit_amount" numeric(36, 18),
	"deposit_tx_hash" text,
	"payout_tx_hash" text,
	"refund_amount" numeric(36, 18),
	"refund_tx_hash" text,
	"spread_amount" numeric(36, 18),
	"needs_approval" boolean DEFAULT false NOT NULL,
	"payout_requested_by" integer,
	"payout_approved_by" integer,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "swap_orders_status" CHECK ("swap_orders"."status" in ('waiting', 'confirming', 'exchanging', 'sending', 'completed', 'expired', 'cancelled', 'refunding', 'refunded', 'review')),
	CONSTRAINT "swap_orders_rate_type" CHECK ("swap_orders"."rate_type" in ('fixed', 'floating')),
	CONSTRAINT "swap_orders_amount_side" CHECK ("swap_orders"."amount_side" in ('send', 'receive')),
	CONSTRAINT "swap_orders_review_reason" CHECK ("swap_orders"."review_reason" is null or "swap_orders"."review_reason" in ('amountOutsideQuote', 'lateDeposit')),
	CONSTRAINT "swap_orders_figures" CHECK ("swap_orders"."send_amount" > 0 and "swap_orders"."receive_amount" > 0 and "swap_orders"."rate" > 0 and "swap_orders"."network_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swap_pairs" (
	"from_asset" text NOT NULL,
	"from_network" text NOT NULL,
	"to_asset" text NOT NULL,
	"to_network" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"spread" numeric(36, 18) NOT NULL,
	"min" numeric(36, 18) NOT NULL,
	"max" numeric(36, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_pairs_from_asset_from_network_to_asset_to_network_pk" PRIMARY KEY("from_asset","from_network","to_asset","to_network"),
	CONSTRAINT "swap_pairs_figures" CHECK ("swap_pairs"."spread" >= 0 and "swap_pairs"."spread" < 1 and "swap_pairs"."min" > 0 and "swap_pairs"."max" >= "swap_pairs"."min"),
	CONSTRAINT "swap_pairs_two_coins" CHECK (("swap_pairs"."from_asset", "swap_pairs"."from_network") <> ("swap_pairs"."to_asset", "swap_pairs"."to_network"))
);
--> statement-breakpoint
CREATE TABLE "swap_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fixed_rate_seconds" integer DEFAULT 900 NOT NULL,
	"floating_wait_seconds" integer DEFAULT 7200 NOT NULL,
	"watcher_mode" text NOT NULL,
	"approval_threshold" numeric(36, 18) DEFAULT '10000' NOT NULL,
	"quote_secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_settings_one_row" CHECK ("swap_settings"."id" = 1),
	CONSTRAINT "swap_settings_watcher_mode" CHECK ("swap_settings"."watcher_mode" in ('manual', 'simulated')),
	CONSTRAINT "swap_settings_figures" CHECK ("swap_settings"."fixed_rate_seconds" > 0 and "swap_settings"."floating_wait_seconds" > 0 and "swap_settings"."approval_threshold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "journal_transactions" DROP CONSTRAINT "journal_transactions_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_purpose";--> statement-breakpoint
ALTER TABLE "swap_coins" ADD CONSTRAINT "swap_coins_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_order_events" ADD CONSTRAINT "swap_order_events_order_id_swap_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."swap_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_pairs" ADD CONSTRAINT "swap_pairs_from_asset_from_network_swap_coins_asset_network_fk" FOREIGN KEY ("from_asset","from_network") REFERENCES "public"."swap_coins"("asset","network") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_pairs" ADD CONSTRAINT "swap_pairs_to_asset_to_network_swap_coins_asset_network_fk" FOREIGN KEY ("to_asset","to_network") REFERENCES "public"."swap_coins"("asset","network") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_order_events_order_idx" ON "swap_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "swap_orders_user_idx" ON "swap_orders" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "swap_orders_status_idx" ON "swap_orders" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "swap_orders_waiting_idx" ON "swap_orders" USING btree ("expires_at") WHERE "swap_orders"."status" = 'waiting';--> statement-breakpoint
ALTER TABLE "journal_transactions" ADD CONSTRAINT "journal_transactions_kind" CHECK ("journal_transactions"."kind" in ('deposit', 'withdrawal', 'transfer', 'fee', 'system_add', 'system_debit', 'trade', 'funding', 'liquidation', 'option_stake', 'option_payout', 'swap'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_purpose" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."purpose" in ('spot', 'futures'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."purpose" in ('deposits_clearing', 'withdrawals_clearing', 'fees', 'rounding', 'adjustments', 'futures_clearing', 'insurance_fund', 'options_pool', 'swap_deposits_clearing', 'swap_payouts_clearing', 'swap_refunds_clearing', 'swap_network_fees', 'swap_revenue', 'swap_inventory_bitcoin', 'swap_inventory_ethereum', 'swap_inventory_tron', 'swap_inventory_solana', 'swap_inventory_bsc', 'swap_inventory_litecoin')));--> statement-breakpoint
-- The swap desk of decision 0048: deposits arriving, payouts, refunds and network fees leaving, the desk's share,
-- and its inventory on each network.
INSERT INTO ledger_accounts (purpose) VALUES
  ('swap_deposits_clearing'), ('swap_payouts_clearing'), ('swap_refunds_clearing'), ('swap_network_fees'),
  ('swap_revenue'), ('swap_inventory_bitcoin'), ('swap_inventory_ethereum'), ('swap_inventory_tron'),
  ('swap_inventory_solana'), ('swap_inventory_bsc'), ('swap_inventory_litecoin');
--> statement-breakpoint
-- The desk's coins with their network fees, open, without keys: an operator sets each coin's extended public key
-- (or, on Solana, the desk's address) in the back office; until then only the simulated watcher takes orders.
INSERT INTO assets (code, precision) VALUES ('LTC', 8) ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO swap_coins (asset, network, enabled, network_fee) VALUES
  ('USDT', 'tron', true, 1),
  ('USDT', 'ethereum', true, 5),
  ('BTC', 'bitcoin', true, 0.0001),
  ('ETH', 'ethereum', true, 0.002),
  ('TRX', 'tron', true, 1),
  ('SOL', 'solana', true, 0.001),
  ('BNB', 'bsc', true, 0.0005),
  ('LTC', 'litecoin', true, 0.001);
--> statement-breakpoint
-- Every directed pair between two different coins, open, with a spread of 0.5 % and limits in the sent asset worth
-- about 100 to 50,000 USDT at the simulated feed's starting prices: every minimum is worth more than five network
-- fees of any receiving coin (the dearest, five of USDT on ERC20, is 25 USDT).
INSERT INTO swap_pairs (from_asset, from_network, to_asset, to_network, enabled, spread, min, max)
  SELECT f.asset, f.network, t.asset, t.network, true, 0.005, l.min, l.max
  FROM swap_coins f
  JOIN (VALUES ('USDT', 100, 50000), ('BTC', 0.0011, 0.5), ('ETH', 0.03, 15), ('TRX', 400, 200000),
      ('SOL', 0.6, 275), ('BNB', 0.16, 75), ('LTC', 1, 500)) AS l(asset, min, max) ON l.asset = f.asset
  CROSS JOIN swap_coins t
  WHERE (f.asset, f.network) <> (t.asset, t.network)
  ORDER BY f.asset, f.network, t.asset, t.network;
