CREATE TABLE "menu_list" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"entries" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_list_single" CHECK ("menu_list"."id")
);
