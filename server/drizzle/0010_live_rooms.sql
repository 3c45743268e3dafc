CREATE TABLE "live_gift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"icon" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_gift_send" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"gift_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_line_exhibition" (
	"exhibition_id" uuid PRIMARY KEY NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"used_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" uuid,
	"nickname" text NOT NULL,
	"from_presenter" boolean DEFAULT false NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "live_push_product" (
	"room_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_push_product_pkey" PRIMARY KEY("room_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "live_room" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"exhibitor_id" uuid,
	"activity_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"cover" text,
	"introduction" text DEFAULT '' NOT NULL,
	"plan_start_at" timestamp with time zone,
	"plan_end_at" timestamp with time zone,
	"stream_key" text NOT NULL,
	"live_state" text DEFAULT 'idle' NOT NULL,
	"live_started_at" timestamp with time zone,
	"streamed_seconds" integer DEFAULT 0 NOT NULL,
	"gift_enabled" boolean DEFAULT false NOT NULL,
	"gift_notice" text,
	"view_count" integer DEFAULT 0 NOT NULL,
	"gift_count" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "live_viewer" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	"muted_at" timestamp with time zone,
	CONSTRAINT "live_viewer_pkey" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "exhibitor_live_line" ADD COLUMN "used_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_gift" ADD CONSTRAINT "live_gift_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_send" ADD CONSTRAINT "live_gift_send_room_id_live_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_send" ADD CONSTRAINT "live_gift_send_gift_id_live_gift_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."live_gift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_gift_send" ADD CONSTRAINT "live_gift_send_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_line_exhibition" ADD CONSTRAINT "live_line_exhibition_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_message" ADD CONSTRAINT "live_message_room_id_live_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_message" ADD CONSTRAINT "live_message_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_push_product" ADD CONSTRAINT "live_push_product_room_id_live_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_push_product" ADD CONSTRAINT "live_push_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room" ADD CONSTRAINT "live_room_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room" ADD CONSTRAINT "live_room_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_room" ADD CONSTRAINT "live_room_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewer" ADD CONSTRAINT "live_viewer_room_id_live_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_room"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewer" ADD CONSTRAINT "live_viewer_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_gift_exhibition_idx" ON "live_gift" USING btree ("exhibition_id");--> statement-breakpoint
CREATE INDEX "live_gift_send_room_idx" ON "live_gift_send" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "live_message_room_idx" ON "live_message" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_push_product_pushed_key" ON "live_push_product" USING btree ("room_id") WHERE "live_push_product"."pushed_at" is not null;--> statement-breakpoint
CREATE INDEX "live_room_exhibition_idx" ON "live_room" USING btree ("exhibition_id","live_state");--> statement-breakpoint
CREATE INDEX "live_room_exhibitor_idx" ON "live_room" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_room_stream_key_key" ON "live_room" USING btree ("stream_key");--> statement-breakpoint
CREATE UNIQUE INDEX "live_room_activity_key" ON "live_room" USING btree ("activity_id") WHERE "live_room"."activity_id" is not null and "live_room"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "live_viewer_last_idx" ON "live_viewer" USING btree ("room_id","last_at");