CREATE TABLE "certificate_quality" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_certificate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"quality_id" uuid,
	"name" text NOT NULL,
	"issuer" text,
	"valid_until" text,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "album" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"cover" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "album_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" uuid NOT NULL,
	"url" text NOT NULL,
	"caption" text,
	"caption_en" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"url" text NOT NULL,
	"cover" text,
	"is_show" boolean DEFAULT true NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibitor_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"url" text NOT NULL,
	"cover" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "origin_country_id" uuid;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "certificate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "authenticated_by" uuid;--> statement-breakpoint
ALTER TABLE "certificate_quality" ADD CONSTRAINT "certificate_quality_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certificate" ADD CONSTRAINT "product_certificate_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certificate" ADD CONSTRAINT "product_certificate_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_certificate" ADD CONSTRAINT "product_certificate_quality_id_certificate_quality_id_fk" FOREIGN KEY ("quality_id") REFERENCES "public"."certificate_quality"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group" ADD CONSTRAINT "product_group_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album" ADD CONSTRAINT "album_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album" ADD CONSTRAINT "album_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photo" ADD CONSTRAINT "album_photo_album_id_album_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."album"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_video" ADD CONSTRAINT "exhibition_video_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_video" ADD CONSTRAINT "exhibitor_video_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_video" ADD CONSTRAINT "exhibitor_video_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_quality_name_key" ON "certificate_quality" USING btree ("exhibition_id","name") WHERE "certificate_quality"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_certificate_exhibitor_idx" ON "product_certificate" USING btree ("exhibitor_id") WHERE "product_certificate"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_group_exhibitor_idx" ON "product_group" USING btree ("exhibitor_id","show_index") WHERE "product_group"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_group_name_key" ON "product_group" USING btree ("exhibitor_id","name") WHERE "product_group"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "album_exhibitor_idx" ON "album" USING btree ("exhibitor_id","show_index") WHERE "album"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "album_photo_album_idx" ON "album_photo" USING btree ("album_id","show_index");--> statement-breakpoint
CREATE INDEX "exhibition_video_exhibition_idx" ON "exhibition_video" USING btree ("exhibition_id","show_index") WHERE "exhibition_video"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_video_exhibitor_idx" ON "exhibitor_video" USING btree ("exhibitor_id","show_index") WHERE "exhibitor_video"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_group_id_product_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_group"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_origin_country_id_region_id_fk" FOREIGN KEY ("origin_country_id") REFERENCES "public"."region"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_group_id_idx" ON "product" USING btree ("group_id");