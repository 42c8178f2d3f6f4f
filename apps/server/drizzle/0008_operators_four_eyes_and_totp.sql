CREATE TABLE "adjustment_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustment_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"reason" text NOT NULL,
	"request_reference" text NOT NULL,
	"proposer_admin_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_admin_id" integer,
	"rejection_reason" text,
	"transaction_id" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "adjustment_proposals_amount_positive" CHECK ("adjustment_proposals"."amount" > 0),
	CONSTRAINT "adjustment_proposals_two_operators" CHECK ("adjustment_proposals"."reviewer_admin_id" is null or "adjustment_proposals"."reviewer_admin_id" <> "adjustment_proposals"."proposer_admin_id")
);
--> statement-breakpoint
ALTER TABLE "admin_settings" ALTER COLUMN "require_totp" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "adjustment_approval_above" jsonb DEFAULT '{"USDT":"1000","BTC":"0.01","ETH":"0.3","BNB":"1.5","SOL":"6","TRX":"4000"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_settings" ADD COLUMN "adjustment_proposer_role" text DEFAULT 'support' NOT NULL;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_proposer_admin_id_admins_id_fk" FOREIGN KEY ("proposer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustment_proposals_request_key" ON "adjustment_proposals" USING btree ("request_reference");--> statement-breakpoint
CREATE INDEX "adjustment_proposals_status_idx" ON "adjustment_proposals" USING btree ("status","submitted_at");--> statement-breakpoint
-- Hand-written: the stored settings row, if any, requires TOTP too (decision 0031).
UPDATE "admin_settings" SET "require_totp" = true;
