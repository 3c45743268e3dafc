CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid,
	"category_id" uuid,
	"hall_id" uuid,
	"kind" text DEFAULT 'other' NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"cover" text,
	"introduction_zh" text DEFAULT '' NOT NULL,
	"introduction_en" text DEFAULT '' NOT NULL,
	"venue" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"reg_enabled" boolean DEFAULT false NOT NULL,
	"reg_start_at" timestamp with time zone,
	"reg_end_at" timestamp with time zone,
	"capacity" integer,
	"waitlist" boolean DEFAULT false NOT NULL,
	"reg_count" integer DEFAULT 0 NOT NULL,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'published' NOT NULL,
	"live_apply_state" integer,
	"live_apply_reason" text,
	"live_applied_at" timestamp with time zone,
	"live_audit_at" timestamp with time zone,
	"live_open" boolean DEFAULT false NOT NULL,
	"live_opened_at" timestamp with time zone,
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
CREATE TABLE "activity_category" (
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
CREATE TABLE "activity_live_post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" uuid,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_live_viewer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_reg" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_type_id" uuid,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"company" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ticket_code" text,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_ticket_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"quantity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"sale_start_at" timestamp with time zone,
	"sale_end_at" timestamp with time zone,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_category_id_activity_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."activity_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_hall_id_exhibition_hall_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."exhibition_hall"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_category" ADD CONSTRAINT "activity_category_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_category" ADD CONSTRAINT "activity_category_parent_id_activity_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activity_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_live_post" ADD CONSTRAINT "activity_live_post_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_live_post" ADD CONSTRAINT "activity_live_post_author_id_user_account_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_live_viewer" ADD CONSTRAINT "activity_live_viewer_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_live_viewer" ADD CONSTRAINT "activity_live_viewer_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_ticket_type_id_activity_ticket_type_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."activity_ticket_type"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reg" ADD CONSTRAINT "activity_reg_checked_in_by_user_account_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_schedule" ADD CONSTRAINT "activity_schedule_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_ticket_type" ADD CONSTRAINT "activity_ticket_type_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_exhibition_start_idx" ON "activity" USING btree ("exhibition_id","start_at","id") WHERE "activity"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_exhibitor_idx" ON "activity" USING btree ("exhibitor_id","start_at") WHERE "activity"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_hall_start_idx" ON "activity" USING btree ("hall_id","start_at") WHERE "activity"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_category_id_idx" ON "activity" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "activity_category_exhibition_idx" ON "activity_category" USING btree ("exhibition_id","level","show_index");--> statement-breakpoint
CREATE INDEX "activity_category_parent_id_idx" ON "activity_category" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_category_name_key" ON "activity_category" USING btree ("exhibition_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "activity_category"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activity_live_post_activity_idx" ON "activity_live_post" USING btree ("activity_id","kind","created_at") WHERE "activity_live_post"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_live_viewer_key" ON "activity_live_viewer" USING btree ("activity_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_reg_member_key" ON "activity_reg" USING btree ("activity_id","member_id") WHERE "activity_reg"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "activity_reg_ticket_code_key" ON "activity_reg" USING btree ("ticket_code") WHERE "activity_reg"."ticket_code" is not null;--> statement-breakpoint
CREATE INDEX "activity_reg_activity_idx" ON "activity_reg" USING btree ("activity_id","status","created_at");--> statement-breakpoint
CREATE INDEX "activity_reg_user_idx" ON "activity_reg" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_schedule_activity_idx" ON "activity_schedule" USING btree ("activity_id","start_at");--> statement-breakpoint
CREATE INDEX "activity_ticket_type_activity_idx" ON "activity_ticket_type" USING btree ("activity_id") WHERE "activity_ticket_type"."deleted_at" is null;