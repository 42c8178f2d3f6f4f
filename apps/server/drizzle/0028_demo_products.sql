ALTER TABLE "earn_orders" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "book" text DEFAULT 'real' NOT NULL;--> statement-breakpoint
ALTER TABLE "earn_orders" ADD CONSTRAINT "earn_orders_user_book_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_user_book_fk" FOREIGN KEY ("user_id","book") REFERENCES "public"."users"("id","book") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_orders_demo_idx" ON "option_orders" USING btree ("accepted_at") WHERE "option_orders"."book" = 'demo';