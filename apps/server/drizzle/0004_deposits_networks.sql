CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"account" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"claimed_amount" numeric(36, 18) NOT NULL,
	"credential_upload_id" uuid NOT NULL,
	"request_reference" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewer_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"transaction_id" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amounts_positive" CHECK ("deposits"."amount" > 0 and "deposits"."claimed_amount" > 0),
	CONSTRAINT "deposits_decided" CHECK (("deposits"."status" = 'pending') = ("deposits"."reviewed_at" is null)
        and ("deposits"."status" = 'rejected') = ("deposits"."rejection_reason" is not null)
        and ("deposits"."status" = 'approved') = ("deposits"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "asset_networks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_networks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"deposit_address" text,
	"min_deposit" numeric(36, 18) NOT NULL,
	"withdrawal_fee" numeric(36, 18) NOT NULL,
	"withdrawal_min" numeric(36, 18) NOT NULL,
	"withdrawal_max" numeric(36, 18) NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdrawal_enabled" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_networks_chain" CHECK ("asset_networks"."chain" in ('bitcoin', 'ethereum', 'tron', 'solana', 'bsc')),
	CONSTRAINT "asset_networks_limits" CHECK ("asset_networks"."min_deposit" > 0 and "asset_networks"."withdrawal_fee" >= 0 and "asset_networks"."withdrawal_min" > 0
        and "asset_networks"."withdrawal_max" >= "asset_networks"."withdrawal_min")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_credential_upload_id_uploads_id_fk" FOREIGN KEY ("credential_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_networks" ADD CONSTRAINT "asset_networks_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_request_reference_key" ON "deposits" USING btree ("request_reference");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "deposits_decided_idx" ON "deposits" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_networks_asset_chain_key" ON "asset_networks" USING btree ("asset","chain");