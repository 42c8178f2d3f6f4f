CREATE TABLE "bank_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text,
	"card_number" text NOT NULL,
	"cardholder" text NOT NULL,
	"phone" text NOT NULL,
	"routing_code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewer_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bank_cards_decided" CHECK (("bank_cards"."status" = 'pending') = ("bank_cards"."reviewed_at" is null)),
	CONSTRAINT "bank_cards_rejection_reason" CHECK (("bank_cards"."status" = 'rejected') = ("bank_cards"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"wallet_type" text NOT NULL,
	"screenshot_upload_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewer_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "withdrawal_wallets_decided" CHECK (("withdrawal_wallets"."status" = 'pending') = ("withdrawal_wallets"."reviewed_at" is null)),
	CONSTRAINT "withdrawal_wallets_rejection_reason" CHECK (("withdrawal_wallets"."status" = 'rejected') = ("withdrawal_wallets"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_screenshot_upload_id_uploads_id_fk" FOREIGN KEY ("screenshot_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_live_number_key" ON "bank_cards" USING btree ("user_id","card_number") WHERE "bank_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bank_cards_pending_idx" ON "bank_cards" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "bank_cards_decided_idx" ON "bank_cards" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_wallets_live_address_key" ON "withdrawal_wallets" USING btree ("user_id","chain","address_key") WHERE "withdrawal_wallets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_user_idx" ON "withdrawal_wallets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_pending_idx" ON "withdrawal_wallets" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_decided_idx" ON "withdrawal_wallets" USING btree ("status","reviewed_at");