CREATE TABLE "action_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_channel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_tag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"name" text,
	"name_en" text,
	"code" text,
	"param" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "region_kind_check" CHECK ("region"."kind" in ('top', 'continent', 'country', 'region', 'province', 'city', 'group', 'district'))
);
--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_parent_id_product_tag_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_parent_id_region_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_type_type_name_key" ON "action_type" USING btree ("type_id","name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "action_type_type_name_en_key" ON "action_type" USING btree ("type_id",lower("name_en")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_type_name_key" ON "business_type" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_type_name_en_key" ON "business_type" USING btree (lower("name_en")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_channel_name_key" ON "product_channel" USING btree ("name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_channel_name_en_key" ON "product_channel" USING btree (lower("name_en")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "product_tag_exhibition_id_idx" ON "product_tag" USING btree ("exhibition_id");--> statement-breakpoint
CREATE INDEX "product_tag_parent_id_idx" ON "product_tag" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_tag_exhibition_parent_name_key" ON "product_tag" USING btree ("exhibition_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "region_parent_id_idx" ON "region" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "region_parent_name_key" ON "region" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "region_parent_name_en_key" ON "region" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name_en")) WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "region_country_name_key" ON "region" USING btree ("name") WHERE kind = 'country' and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "region_country_name_en_key" ON "region" USING btree (lower("name_en")) WHERE kind = 'country' and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "region_country_param_key" ON "region" USING btree ("param") WHERE kind = 'country' and deleted_at is null;