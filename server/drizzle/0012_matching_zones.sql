CREATE TABLE "consult" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid,
	"category" text,
	"question" text NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "topic" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"banner" text,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"topic_type" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"apply_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "topic_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "focus_application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"product_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exhibitor" ADD COLUMN "rank_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "enquiry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "rank_weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consult" ADD CONSTRAINT "consult_answered_by_user_account_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic" ADD CONSTRAINT "topic_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_application" ADD CONSTRAINT "topic_application_topic_id_topic_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topic"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_application" ADD CONSTRAINT "topic_application_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_application" ADD CONSTRAINT "topic_application_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_application" ADD CONSTRAINT "focus_application_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_application" ADD CONSTRAINT "focus_application_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_application" ADD CONSTRAINT "focus_application_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consult_exhibition_idx" ON "consult" USING btree ("exhibition_id","created_at" DESC NULLS LAST,"id") WHERE "consult"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "consult_public_idx" ON "consult" USING btree ("exhibition_id","answered_at" DESC NULLS LAST) WHERE "consult"."deleted_at" is null and "consult"."is_public" and "consult"."is_show";--> statement-breakpoint
CREATE INDEX "consult_user_idx" ON "consult" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "topic_exhibition_kind_name_key" ON "topic" USING btree ("exhibition_id","kind","name") WHERE "topic"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "topic_exhibition_idx" ON "topic" USING btree ("exhibition_id","kind","sort") WHERE "topic"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "topic_application_key" ON "topic_application" USING btree ("topic_id","exhibitor_id") WHERE "topic_application"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "topic_application_exhibition_idx" ON "topic_application" USING btree ("exhibition_id","created_at" DESC NULLS LAST,"id") WHERE "topic_application"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "topic_application_exhibitor_idx" ON "topic_application" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "focus_application_exhibition_idx" ON "focus_application" USING btree ("exhibition_id","created_at" DESC NULLS LAST,"id") WHERE "focus_application"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "focus_application_live_idx" ON "focus_application" USING btree ("exhibition_id","audit_state","start_at","end_at") WHERE "focus_application"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "focus_application_exhibitor_idx" ON "focus_application" USING btree ("exhibitor_id");--> statement-breakpoint
UPDATE "exhibitor" SET "think_count" = c.n FROM (SELECT "exhibitor_id", count(*)::int AS n FROM "enquiry" WHERE "deleted_at" IS NULL AND "audit_state" = 1 GROUP BY "exhibitor_id") c WHERE c."exhibitor_id" = "exhibitor"."id";
--> statement-breakpoint
UPDATE "product" SET "enquiry_count" = c.n FROM (SELECT "product_id", count(*)::int AS n FROM "enquiry" WHERE "deleted_at" IS NULL AND "audit_state" = 1 AND "product_id" IS NOT NULL GROUP BY "product_id") c WHERE c."product_id" = "product"."id";
