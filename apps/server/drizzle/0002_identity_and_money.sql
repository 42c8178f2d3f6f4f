CREATE TABLE "idempotency_keys" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
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
CREATE TABLE "identity_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"real_name" text NOT NULL,
	"document_number" text NOT NULL,
	"nation" text NOT NULL,
	"address" text NOT NULL,
	"front_upload_id" uuid NOT NULL,
	"back_upload_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reviewer_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_verifications_decided" CHECK (("identity_verifications"."status" = 'pending') = ("identity_verifications"."reviewed_at" is null)),
	CONSTRAINT "identity_verifications_rejection_reason" CHECK (("identity_verifications"."status" = 'rejected') = ("identity_verifications"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"code" text PRIMARY KEY NOT NULL,
	"precision" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_code_format" CHECK ("assets"."code" ~ '^[A-Z0-9]{2,12}$'),
	CONSTRAINT "assets_precision_range" CHECK ("assets"."precision" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"account_id" integer NOT NULL,
	"asset" text NOT NULL,
	"available" numeric(36, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(36, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "balances_account_id_asset_pk" PRIMARY KEY("account_id","asset"),
	CONSTRAINT "balances_not_negative" CHECK ("balances"."available" >= 0 and "balances"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "journal_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"memo" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_transactions_kind" CHECK ("journal_transactions"."kind" in ('deposit', 'withdrawal', 'transfer', 'fee', 'system_add', 'system_debit')),
	CONSTRAINT "journal_transactions_actor" CHECK ("journal_transactions"."actor" ~ '^(user:[0-9]+|admin:[0-9]+|system)$')
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_purpose" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."purpose" in ('spot', 'futures'))
        or ("ledger_accounts"."user_id" is null and "ledger_accounts"."purpose" in ('deposits_clearing', 'withdrawals_clearing', 'fees', 'rounding', 'adjustments')))
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	CONSTRAINT "postings_amount_nonzero" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"transaction_id" bigint,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "reservations_amount_positive" CHECK ("reservations"."amount" > 0),
	CONSTRAINT "reservations_status" CHECK ("reservations"."status" in ('open', 'released', 'consumed')),
	CONSTRAINT "reservations_settled" CHECK (("reservations"."status" = 'open') = ("reservations"."settled_at" is null)
        and ("reservations"."status" = 'consumed') = ("reservations"."transaction_id" is not null))
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
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"wallet_id" integer,
	"bank_card_id" integer,
	"asset" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"received" numeric(36, 18) NOT NULL,
	"request_reference" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"first_reviewer_admin_id" integer,
	"first_approved_at" timestamp with time zone,
	"reviewer_admin_id" integer,
	"reviewed_at" timestamp with time zone,
	"payout_reference" text,
	"rejection_reason" text,
	"transaction_id" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."received" > 0 and "withdrawals"."amount" = "withdrawals"."fee" + "withdrawals"."received"),
	CONSTRAINT "withdrawals_target" CHECK (("withdrawals"."target_type" = 'wallet') = ("withdrawals"."wallet_id" is not null)
        and ("withdrawals"."target_type" = 'bank_card') = ("withdrawals"."bank_card_id" is not null)),
	CONSTRAINT "withdrawals_decided" CHECK (("withdrawals"."state" in ('pending', 'awaiting_second')) = ("withdrawals"."reviewed_at" is null)
        and ("withdrawals"."state" = 'rejected') = ("withdrawals"."rejection_reason" is not null)
        and ("withdrawals"."state" = 'approved') = ("withdrawals"."transaction_id" is not null)
        and ("withdrawals"."state" = 'approved') = ("withdrawals"."payout_reference" is not null)
        and ("withdrawals"."state" <> 'awaiting_second' or "withdrawals"."first_reviewer_admin_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_credential_upload_id_uploads_id_fk" FOREIGN KEY ("credential_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_front_upload_id_uploads_id_fk" FOREIGN KEY ("front_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_back_upload_id_uploads_id_fk" FOREIGN KEY ("back_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_networks" ADD CONSTRAINT "asset_networks_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_screenshot_upload_id_uploads_id_fk" FOREIGN KEY ("screenshot_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_wallets" ADD CONSTRAINT "withdrawal_wallets_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_withdrawal_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."withdrawal_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("first_reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_admin_id_admins_id_fk" FOREIGN KEY ("reviewer_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_transaction_id_journal_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_request_reference_key" ON "deposits" USING btree ("request_reference");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_pending_idx" ON "deposits" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "deposits_decided_idx" ON "deposits" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_one_pending_key" ON "identity_verifications" USING btree ("user_id") WHERE "identity_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_verifications_user_idx" ON "identity_verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "identity_verifications_pending_idx" ON "identity_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "identity_verifications_decided_idx" ON "identity_verifications" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_transactions_kind_reference_key" ON "journal_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_purpose_key" ON "ledger_accounts" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_purpose_key" ON "ledger_accounts" USING btree ("purpose") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "postings_transaction_idx" ON "postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "postings_account_asset_idx" ON "postings" USING btree ("account_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_purpose_reference_key" ON "reservations" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "reservations_open_idx" ON "reservations" USING btree ("account_id","asset") WHERE "reservations"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "asset_networks_asset_chain_key" ON "asset_networks" USING btree ("asset","chain");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_live_number_key" ON "bank_cards" USING btree ("user_id","card_number") WHERE "bank_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bank_cards_pending_idx" ON "bank_cards" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "bank_cards_decided_idx" ON "bank_cards" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_wallets_live_address_key" ON "withdrawal_wallets" USING btree ("user_id","chain","address_key") WHERE "withdrawal_wallets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_user_idx" ON "withdrawal_wallets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_pending_idx" ON "withdrawal_wallets" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "withdrawal_wallets_decided_idx" ON "withdrawal_wallets" USING btree ("status","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_reference_key" ON "withdrawals" USING btree ("request_reference");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "withdrawals_decided_idx" ON "withdrawals" USING btree ("state","reviewed_at");