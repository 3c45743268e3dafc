CREATE TABLE "enquiry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"live_room_id" uuid,
	"source" text NOT NULL,
	"content" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"share_contact" boolean DEFAULT false NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"contact_company" text,
	"state" text DEFAULT 'new' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "appointment_slot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"staff_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibitor_appointment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"slot_id" uuid,
	"staff_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"proposed_start_at" timestamp with time zone,
	"proposed_end_at" timestamp with time zone,
	"subject" text NOT NULL,
	"message" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"share_contact" boolean DEFAULT false NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"contact_company" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibitor_evaluation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid,
	"author_name" text NOT NULL,
	"rating" integer DEFAULT 5 NOT NULL,
	"content" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"reply" text,
	"reply_at" timestamp with time zone,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supply_demand" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"valid_until" timestamp with time zone,
	"is_show" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supply_demand_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supply_demand_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid,
	"exhibitor_id" uuid,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_live_room_id_live_room_id_fk" FOREIGN KEY ("live_room_id") REFERENCES "public"."live_room"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_replied_by_user_account_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slot" ADD CONSTRAINT "appointment_slot_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slot" ADD CONSTRAINT "appointment_slot_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slot" ADD CONSTRAINT "appointment_slot_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_appointment" ADD CONSTRAINT "exhibitor_appointment_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_appointment" ADD CONSTRAINT "exhibitor_appointment_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_appointment" ADD CONSTRAINT "exhibitor_appointment_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_appointment" ADD CONSTRAINT "exhibitor_appointment_slot_id_appointment_slot_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_appointment" ADD CONSTRAINT "exhibitor_appointment_staff_id_company_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."company_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_evaluation" ADD CONSTRAINT "exhibitor_evaluation_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_evaluation" ADD CONSTRAINT "exhibitor_evaluation_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_evaluation" ADD CONSTRAINT "exhibitor_evaluation_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand" ADD CONSTRAINT "supply_demand_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand" ADD CONSTRAINT "supply_demand_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand" ADD CONSTRAINT "supply_demand_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand_comment" ADD CONSTRAINT "supply_demand_comment_supply_demand_id_supply_demand_id_fk" FOREIGN KEY ("supply_demand_id") REFERENCES "public"."supply_demand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand_comment" ADD CONSTRAINT "supply_demand_comment_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand_comment" ADD CONSTRAINT "supply_demand_comment_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_demand_comment" ADD CONSTRAINT "supply_demand_comment_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_exhibitor_idx" ON "enquiry" USING btree ("exhibitor_id","created_at" DESC NULLS LAST,"id") WHERE "enquiry"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "enquiry_exhibition_idx" ON "enquiry" USING btree ("exhibition_id","created_at" DESC NULLS LAST,"id") WHERE "enquiry"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "enquiry_user_idx" ON "enquiry" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiry_live_room_idx" ON "enquiry" USING btree ("live_room_id") WHERE "enquiry"."live_room_id" is not null;--> statement-breakpoint
CREATE INDEX "appointment_slot_exhibitor_idx" ON "appointment_slot" USING btree ("exhibitor_id","start_at") WHERE "appointment_slot"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_appointment_slot_key" ON "exhibitor_appointment" USING btree ("slot_id") WHERE "exhibitor_appointment"."slot_id" is not null and "exhibitor_appointment"."state" in ('pending', 'proposed', 'accepted') and "exhibitor_appointment"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_appointment_staff_key" ON "exhibitor_appointment" USING btree ("staff_id","start_at") WHERE "exhibitor_appointment"."staff_id" is not null and "exhibitor_appointment"."state" = 'accepted' and "exhibitor_appointment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_appointment_exhibitor_idx" ON "exhibitor_appointment" USING btree ("exhibitor_id","start_at") WHERE "exhibitor_appointment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_appointment_exhibition_idx" ON "exhibitor_appointment" USING btree ("exhibition_id","created_at" DESC NULLS LAST) WHERE "exhibitor_appointment"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_appointment_user_idx" ON "exhibitor_appointment" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_evaluation_user_key" ON "exhibitor_evaluation" USING btree ("user_id","exhibitor_id") WHERE "exhibitor_evaluation"."user_id" is not null and "exhibitor_evaluation"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_evaluation_exhibitor_idx" ON "exhibitor_evaluation" USING btree ("exhibitor_id","created_at" DESC NULLS LAST) WHERE "exhibitor_evaluation"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_evaluation_exhibition_idx" ON "exhibitor_evaluation" USING btree ("exhibition_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supply_demand_board_idx" ON "supply_demand" USING btree ("exhibition_id","audit_state","created_at" DESC NULLS LAST,"id") WHERE "supply_demand"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "supply_demand_exhibitor_idx" ON "supply_demand" USING btree ("exhibitor_id","created_at" DESC NULLS LAST) WHERE "supply_demand"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "supply_demand_user_idx" ON "supply_demand" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "supply_demand_comment_post_idx" ON "supply_demand_comment" USING btree ("supply_demand_id","created_at") WHERE "supply_demand_comment"."deleted_at" is null;