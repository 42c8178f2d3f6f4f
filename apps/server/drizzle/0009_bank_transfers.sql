CREATE TABLE "platform_bank_accounts" (
	"asset" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "chain" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "method" text DEFAULT 'crypto' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank" jsonb;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "platform_bank_accounts" ADD CONSTRAINT "platform_bank_accounts_asset_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method_details" CHECK ("deposits"."method" in ('crypto', 'bank')
        and ("deposits"."method" = 'crypto') = ("deposits"."chain" is not null and "deposits"."address" is not null)
        and ("deposits"."method" = 'bank') = ("deposits"."bank" is not null and "deposits"."bank_reference" is not null));