CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
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
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "reservations_open_idx" ON "reservations" USING btree ("account_id","asset") WHERE "reservations"."status" = 'open';