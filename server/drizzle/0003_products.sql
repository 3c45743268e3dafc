CREATE TABLE "product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"category_id" uuid,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_url" text,
	"video_cover" text,
	"introduction" text DEFAULT '' NOT NULL,
	"introduction_en" text DEFAULT '' NOT NULL,
	"view_3d_url" text,
	"style_id" text,
	"is_show" boolean DEFAULT true NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_en" text,
	"level" integer DEFAULT 1 NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_evaluation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_contact" text,
	"rating" integer DEFAULT 5 NOT NULL,
	"content" text NOT NULL,
	"reply" text,
	"reply_at" timestamp with time zone,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_product_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_parent_id_product_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_evaluation" ADD CONSTRAINT "product_evaluation_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_evaluation" ADD CONSTRAINT "product_evaluation_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_evaluation" ADD CONSTRAINT "product_evaluation_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_exhibitor_idx" ON "product" USING btree ("exhibitor_id","show_index") WHERE "product"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_exhibition_state_idx" ON "product" USING btree ("exhibition_id","audit_state","is_show") WHERE "product"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_exhibition_order_idx" ON "product" USING btree ("exhibition_id","show_index","created_at" DESC NULLS LAST,"id") WHERE "product"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_category_id_idx" ON "product" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_category_exhibition_idx" ON "product_category" USING btree ("exhibition_id","level","show_index");--> statement-breakpoint
CREATE INDEX "product_category_parent_id_idx" ON "product_category" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_category_name_key" ON "product_category" USING btree ("exhibition_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "product_category"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_evaluation_product_idx" ON "product_evaluation" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_evaluation_exhibitor_idx" ON "product_evaluation" USING btree ("exhibitor_id","created_at") WHERE "product_evaluation"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_evaluation_exhibition_idx" ON "product_evaluation" USING btree ("exhibition_id","created_at");