CREATE TABLE "futures_rounding" (
	"symbol" text PRIMARY KEY NOT NULL,
	"kept" numeric(36, 18) DEFAULT '0' NOT NULL,
	"epoch" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "futures_rounding_kept" CHECK ("futures_rounding"."kept" >= 0)
);
--> statement-breakpoint
ALTER TABLE "futures_rounding" ADD CONSTRAINT "futures_rounding_symbol_futures_markets_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."futures_markets"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The fence (decisions 0044 and 0046): what a perpetual's rounding kept is written by the owner of its book with its
-- epoch, in the settlement that changed it; a deposed owner's statements are refused with KF001.
CREATE TRIGGER "futures_rounding_fenced_insert" AFTER INSERT ON "futures_rounding"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_stale_epoch"('futures:');
--> statement-breakpoint
CREATE TRIGGER "futures_rounding_fenced_update" AFTER UPDATE ON "futures_rounding"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_stale_epoch"('futures:');
