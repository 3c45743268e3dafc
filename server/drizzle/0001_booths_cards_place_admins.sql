CREATE TABLE "admin_user_removal" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"position" text NOT NULL,
	"id_number" text,
	"photo" text,
	"type" text DEFAULT 'staff' NOT NULL,
	"printed" boolean DEFAULT false NOT NULL,
	"printed_at" timestamp with time zone,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booth" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"hall_id" uuid NOT NULL,
	"code" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"w" double precision NOT NULL,
	"h" double precision NOT NULL,
	"area" double precision,
	"area_manual" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"state" text DEFAULT 'free' NOT NULL,
	"exhibitor_id" uuid,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hall_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hall_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"scale" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_place" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"booth_type" text NOT NULL,
	"contractor_name" text,
	"contractor_contact" text,
	"contractor_phone" text,
	"site_manager" text,
	"site_manager_phone" text,
	"power_kw" double precision,
	"remark" text,
	"drawings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD COLUMN "company_en" text;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "admin_user_removal" ADD CONSTRAINT "admin_user_removal_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_card" ADD CONSTRAINT "exhibitor_card_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_card" ADD CONSTRAINT "exhibitor_card_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth" ADD CONSTRAINT "booth_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth" ADD CONSTRAINT "booth_hall_id_exhibition_hall_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."exhibition_hall"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booth" ADD CONSTRAINT "booth_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_plan" ADD CONSTRAINT "hall_plan_hall_id_exhibition_hall_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."exhibition_hall"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_plan" ADD CONSTRAINT "hall_plan_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_place" ADD CONSTRAINT "exhibitor_place_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_place" ADD CONSTRAINT "exhibitor_place_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exhibitor_card_exhibitor_idx" ON "exhibitor_card" USING btree ("exhibitor_id") WHERE "exhibitor_card"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_card_exhibition_state_idx" ON "exhibitor_card" USING btree ("exhibition_id","audit_state");--> statement-breakpoint
CREATE UNIQUE INDEX "booth_exhibition_code_key" ON "booth" USING btree ("exhibition_id",upper("code")) WHERE "booth"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "booth_hall_idx" ON "booth" USING btree ("hall_id","show_index");--> statement-breakpoint
CREATE INDEX "booth_exhibitor_idx" ON "booth" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hall_plan_hall_id_key" ON "hall_plan" USING btree ("hall_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_place_exhibitor_id_key" ON "exhibitor_place" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "exhibitor_place_exhibition_state_idx" ON "exhibitor_place" USING btree ("exhibition_id","audit_state");