CREATE TABLE "spot_demo_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_demo_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"role" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"size" numeric(36, 18) NOT NULL,
	"quote_amount" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_demo_fills_role" CHECK ("spot_demo_fills"."role" in ('maker', 'taker'))
);
--> statement-breakpoint
CREATE TABLE "spot_demo_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_demo_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"book" text DEFAULT 'demo' NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"post_only" boolean DEFAULT false NOT NULL,
	"price" numeric(36, 18),
	"size" numeric(36, 18),
	"total" numeric(36, 18),
	"filled_size" numeric(36, 18) DEFAULT '0' NOT NULL,
	"filled_total" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"frozen_asset" text NOT NULL,
	"frozen_amount" numeric(36, 18) NOT NULL,
	"maker_fee_rate" numeric(36, 18) NOT NULL,
	"taker_fee_rate" numeric(36, 18) NOT NULL,
	"reference" text,
	"taken" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_demo_orders_book" CHECK ("spot_demo_orders"."book" = 'demo'),
	CONSTRAINT "spot_demo_orders_side" CHECK ("spot_demo_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "spot_demo_orders_type" CHECK ("spot_demo_orders"."type" in ('limit', 'market')),
	CONSTRAINT "spot_demo_orders_tif" CHECK ("spot_demo_orders"."time_in_force" in ('GTC', 'IOC', 'FOK')),
	CONSTRAINT "spot_demo_orders_status" CHECK ("spot_demo_orders"."status" in ('new', 'open', 'partially_filled', 'filled', 'cancelled', 'rejected')),
	CONSTRAINT "spot_demo_orders_filled" CHECK ("spot_demo_orders"."filled_size" >= 0 and "spot_demo_orders"."filled_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "spot_demo_fills" ADD CONSTRAINT "spot_demo_fills_order_id_spot_demo_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."spot_demo_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_demo_orders" ADD CONSTRAINT "spot_demo_orders_user_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "spot_demo_fills_reference_key" ON "spot_demo_fills" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "spot_demo_fills_user_idx" ON "spot_demo_fills" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spot_demo_orders_user_reference_key" ON "spot_demo_orders" USING btree ("user_id","reference");--> statement-breakpoint
CREATE INDEX "spot_demo_orders_user_idx" ON "spot_demo_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "spot_demo_orders_live_idx" ON "spot_demo_orders" USING btree ("symbol","id") WHERE "spot_demo_orders"."status" in ('open', 'partially_filled');--> statement-breakpoint
CREATE INDEX "spot_demo_orders_created_idx" ON "spot_demo_orders" USING btree ("created_at");