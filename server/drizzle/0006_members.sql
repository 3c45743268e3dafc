CREATE TABLE "customer_service" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" text,
	"lang" text DEFAULT 'zh' NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"email" text,
	"company" text,
	"job_title" text,
	"audit_state" integer DEFAULT 1 NOT NULL,
	"audit_reason" text,
	"audited_at" timestamp with time zone,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" text,
	"blacklisted_at" timestamp with time zone,
	"ticket_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_engagement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_service" ADD CONSTRAINT "customer_service_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service" ADD CONSTRAINT "customer_service_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_engagement" ADD CONSTRAINT "member_engagement_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_engagement" ADD CONSTRAINT "member_engagement_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_engagement" ADD CONSTRAINT "member_engagement_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_service_exhibitor_member_key" ON "customer_service" USING btree ("exhibitor_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_exhibition_user_key" ON "member" USING btree ("exhibition_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_exhibition_ticket_key" ON "member" USING btree ("exhibition_id","ticket_no") WHERE "member"."ticket_no" is not null;--> statement-breakpoint
CREATE INDEX "member_exhibition_created_idx" ON "member" USING btree ("exhibition_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_engagement_once_key" ON "member_engagement" USING btree ("user_id","exhibitor_id","kind") WHERE "member_engagement"."kind" in ('like', 'follow');--> statement-breakpoint
CREATE INDEX "member_engagement_exhibitor_idx" ON "member_engagement" USING btree ("exhibitor_id","kind");