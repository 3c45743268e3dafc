CREATE TABLE "industry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"parent_id" uuid,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "industry" ADD CONSTRAINT "industry_parent_id_industry_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."industry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "industry_name_key" ON "industry" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "industry"."deleted_at" is null;