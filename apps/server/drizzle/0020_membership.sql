CREATE TABLE "membership_levels" (
	"level" smallint PRIMARY KEY NOT NULL,
	"min_volume" numeric(36, 18) NOT NULL,
	"min_holdings" numeric(36, 18) NOT NULL,
	"maker_discount" numeric(36, 18) NOT NULL,
	"taker_discount" numeric(36, 18) NOT NULL,
	CONSTRAINT "membership_levels_level" CHECK ("membership_levels"."level" >= 0),
	CONSTRAINT "membership_levels_minimums" CHECK ("membership_levels"."min_volume" >= 0 and "membership_levels"."min_holdings" >= 0),
	CONSTRAINT "membership_levels_discounts" CHECK ("membership_levels"."maker_discount" >= 0 and "membership_levels"."maker_discount" < 1 and "membership_levels"."taker_discount" >= 0 and "membership_levels"."taker_discount" < 1)
);
--> statement-breakpoint
CREATE TABLE "membership_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"qualified_level" smallint NOT NULL,
	"kept_until" timestamp with time zone,
	"volume_30d" numeric(36, 18) NOT NULL,
	"holdings" numeric(36, 18) NOT NULL,
	"snapshot_at" timestamp with time zone NOT NULL,
	CONSTRAINT "membership_members_levels" CHECK ("membership_members"."qualified_level" >= 0 and "membership_members"."level" >= "membership_members"."qualified_level")
);
--> statement-breakpoint
CREATE TABLE "membership_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"grace_days" smallint NOT NULL,
	"updated_at" timestamp with time zone,
	"last_snapshot_at" timestamp with time zone,
	CONSTRAINT "membership_settings_single" CHECK ("membership_settings"."id"),
	CONSTRAINT "membership_settings_grace" CHECK ("membership_settings"."grace_days" between 0 and 90)
);
--> statement-breakpoint
ALTER TABLE "futures_orders" ADD COLUMN "maker_fee_rate" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "futures_orders" ADD COLUMN "taker_fee_rate" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "maker_fee_rate" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "taker_fee_rate" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "membership_members" ADD CONSTRAINT "membership_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_members_level_idx" ON "membership_members" USING btree ("level");--> statement-breakpoint
-- hand-written
-- Binance-like defaults (decision 0050): VIP 0 to 5 by 30-day volume or holdings ($), the fraction off the maker
-- and the taker fee of each market; a level reached is kept 7 days before a downgrade.
INSERT INTO membership_levels (level, min_volume, min_holdings, maker_discount, taker_discount) VALUES
  (0, 0, 0, 0, 0),
  (1, 100000, 10000, 0.1, 0.05),
  (2, 1000000, 50000, 0.2, 0.1),
  (3, 5000000, 250000, 0.3, 0.15),
  (4, 20000000, 1000000, 0.4, 0.2),
  (5, 100000000, 5000000, 0.5, 0.25)
ON CONFLICT (level) DO NOTHING;
--> statement-breakpoint
INSERT INTO membership_settings (id, grace_days) VALUES (true, 7) ON CONFLICT (id) DO NOTHING;
