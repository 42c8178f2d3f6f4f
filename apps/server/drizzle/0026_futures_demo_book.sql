ALTER TABLE "futures_orders" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "futures_positions" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "futures_orders" ADD CONSTRAINT "futures_orders_user_book_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "futures_positions" ADD CONSTRAINT "futures_positions_user_book_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "futures_orders_demo_idx" ON "futures_orders" USING btree ("created_at") WHERE "futures_orders"."book" = 'demo';--> statement-breakpoint
ALTER TABLE "futures_orders" ADD CONSTRAINT "futures_orders_book" CHECK ("futures_orders"."book" in ('real', 'demo'));--> statement-breakpoint
ALTER TABLE "futures_positions" ADD CONSTRAINT "futures_positions_book" CHECK ("futures_positions"."book" in ('real', 'demo'));