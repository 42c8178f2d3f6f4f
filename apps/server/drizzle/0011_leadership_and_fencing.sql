CREATE TABLE "leadership" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"epoch" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spot_orders" ADD COLUMN "epoch" bigint;--> statement-breakpoint
-- The fence (decision 0044). A statement that writes rows of a name someone leads must name the leader's epoch in
-- every row; a deposed leader's writes name an older one and the whole statement, with the ledger entries written
-- beside it, is refused with SQLSTATE KF001. The trigger's argument is the names' prefix, `spot:` for spot orders.
CREATE FUNCTION "refuse_stale_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "written" w
    JOIN "leadership" l ON l."name" = TG_ARGV[0] || w."symbol"
    WHERE w."epoch" IS DISTINCT FROM l."epoch"
  ) THEN
    RAISE EXCEPTION 'the leadership of this % book has passed to another node', TG_ARGV[0]
      USING ERRCODE = 'KF001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "spot_orders_fenced_insert" AFTER INSERT ON "spot_orders"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_stale_epoch"('spot:');
--> statement-breakpoint
CREATE TRIGGER "spot_orders_fenced_update" AFTER UPDATE ON "spot_orders"
  REFERENCING NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_stale_epoch"('spot:');
