CREATE TABLE "auth_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"client_id" text NOT NULL,
	"exhibition_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_client" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"grant_types" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_name" text NOT NULL,
	"name" text,
	"role" integer NOT NULL,
	"password_hash" text NOT NULL,
	"phone_number" text,
	"email" text,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"phone_number" text,
	"contact_name" text,
	"email" text,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "host_in_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"all_exhibitions" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"show_index" integer DEFAULT 0 NOT NULL,
	"logo" text,
	"banner" text,
	"address" text,
	"address_en" text,
	"city" text,
	"description" text,
	"description_en" text,
	"agent_id" text,
	"agent_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibition_hall" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"code" text,
	"floor" text,
	"area" double precision,
	"map_url" text,
	"description" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibition_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"location" text,
	"description" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"logo" text,
	"region" text,
	"address" text,
	"introduction" text,
	"introduction_en" text,
	"website" text,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"banner" text,
	"booth_area" text,
	"booth_info" text,
	"topic" text,
	"topic_start" timestamp with time zone,
	"topic_end" timestamp with time zone,
	"topic_type" integer,
	"p_topic" text,
	"p_topic_start" timestamp with time zone,
	"p_topic_end" timestamp with time zone,
	"p_topic_type" integer,
	"is_popularize" boolean DEFAULT false NOT NULL,
	"is_living" boolean DEFAULT false NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"look_count" integer DEFAULT 0 NOT NULL,
	"pro_count" integer DEFAULT 0 NOT NULL,
	"activity_count" integer DEFAULT 0 NOT NULL,
	"live_count" integer DEFAULT 0 NOT NULL,
	"continuou_number" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"talk_count" integer DEFAULT 0 NOT NULL,
	"think_count" integer DEFAULT 0 NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"audit_state" integer DEFAULT 1 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"role" integer,
	"host_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"driver" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_account" (
	"id" text PRIMARY KEY DEFAULT 'platform' NOT NULL,
	"provider" text,
	"sign_name" text,
	"account_id" text,
	"account_key" text,
	"balance" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "exhibitor_category" (
	"exhibitor_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exhibitor_category_pkey" PRIMARY KEY("exhibitor_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "exhibitor_live_line" (
	"exhibitor_id" uuid PRIMARY KEY NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_say_hello" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"visitor_user_id" uuid,
	"visitor_name" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"exhibitor_id" uuid,
	"state" integer NOT NULL,
	"reason" text,
	"title" text,
	"snapshot" jsonb,
	"submitted_by" uuid,
	"submitted_by_name" text,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"auto" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" integer NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"host_id" uuid,
	"exhibition_id" uuid,
	"exhibitor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_en" text,
	"short_name" text,
	"short_name_en" text,
	"icon" text,
	"level" integer DEFAULT 1 NOT NULL,
	"show_index" integer DEFAULT 0 NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_submission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_licence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"exhibition_id" uuid,
	"exhibitor_id" uuid,
	"licence_url" text NOT NULL,
	"credit_code" text,
	"legal_person" text,
	"registered_address" text,
	"valid_until" text,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_in_user_exhibition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_in_user_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_apply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"host_id" uuid,
	"user_name" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_feature" (
	"exhibition_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibition_feature_pkey" PRIMARY KEY("exhibition_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "exhibition_version" (
	"exhibition_id" uuid PRIMARY KEY NOT NULL,
	"version_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"group" text NOT NULL,
	"description" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"description" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_feature" (
	"version_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_feature_pkey" PRIMARY KEY("version_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"area" text NOT NULL,
	"description" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_en" text,
	"path" text NOT NULL,
	"feature_key" text,
	"icon" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_power" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"menu_item_id" uuid NOT NULL,
	"is_display" boolean DEFAULT true NOT NULL,
	"is_permitted" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"role" integer NOT NULL,
	"host_id" uuid,
	"exhibition_id" uuid,
	"exhibitor_id" uuid,
	"content" text NOT NULL,
	"contact" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"content" text NOT NULL,
	"content_en" text,
	"host_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_read" (
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_read_pkey" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exhibitor_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"comp_name" text NOT NULL,
	"comp_name_en" text,
	"logo" text,
	"introduction" text,
	"introduction_en" text,
	"exhibits" text,
	"exhibits_en" text,
	"contact" text,
	"phone" text,
	"email" text,
	"website" text,
	"address" text,
	"address_en" text,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_lintel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text NOT NULL,
	"bank_name" text,
	"bank_account" text,
	"address" text,
	"phone" text,
	"receiver_name" text,
	"receiver_phone" text,
	"receiver_email" text,
	"receiver_address" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibitor_correction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"remark" text,
	"applied_at" timestamp with time zone,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibitor_apply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"company" text NOT NULL,
	"category_ids" uuid[] NOT NULL,
	"email" text,
	"licence_url" text,
	"ip" text,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"exhibitor_id" uuid,
	"company_id" uuid,
	"user_id" uuid,
	"audit_state" integer DEFAULT -3 NOT NULL,
	"audit_reason" text,
	"submit_at" timestamp with time zone,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibition_data_download" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"url" text NOT NULL,
	"file_name" text,
	"show_index" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exhibition_data_download_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"download_id" uuid NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" text,
	"phone_number" text,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "background_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"error_code" integer,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"host_id" uuid,
	"exhibition_id" uuid,
	"created_by" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host" ADD CONSTRAINT "host_owner_user_id_user_account_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_in_user" ADD CONSTRAINT "host_in_user_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_in_user" ADD CONSTRAINT "host_in_user_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition" ADD CONSTRAINT "exhibition_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_hall" ADD CONSTRAINT "exhibition_hall_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_schedule" ADD CONSTRAINT "exhibition_schedule_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user" ADD CONSTRAINT "company_user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user" ADD CONSTRAINT "company_user_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor" ADD CONSTRAINT "exhibitor_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor" ADD CONSTRAINT "exhibitor_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tag" ADD CONSTRAINT "product_tag_parent_id_product_tag_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_tag"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_parent_id_region_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry" ADD CONSTRAINT "industry_parent_id_industry_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."industry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_category" ADD CONSTRAINT "exhibitor_category_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_category" ADD CONSTRAINT "exhibitor_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_live_line" ADD CONSTRAINT "exhibitor_live_line_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_say_hello" ADD CONSTRAINT "exhibitor_say_hello_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_say_hello" ADD CONSTRAINT "exhibitor_say_hello_visitor_user_id_user_account_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_record" ADD CONSTRAINT "audit_record_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_record" ADD CONSTRAINT "audit_record_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting" ADD CONSTRAINT "setting_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting" ADD CONSTRAINT "setting_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_parent_id_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_submission" ADD CONSTRAINT "service_submission_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_submission" ADD CONSTRAINT "service_submission_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licence" ADD CONSTRAINT "company_licence_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_licence" ADD CONSTRAINT "company_licence_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_in_user_exhibition" ADD CONSTRAINT "host_in_user_exhibition_host_in_user_id_host_in_user_id_fk" FOREIGN KEY ("host_in_user_id") REFERENCES "public"."host_in_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_in_user_exhibition" ADD CONSTRAINT "host_in_user_exhibition_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_apply" ADD CONSTRAINT "host_apply_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_feature" ADD CONSTRAINT "exhibition_feature_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_feature" ADD CONSTRAINT "exhibition_feature_feature_id_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."feature"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_version" ADD CONSTRAINT "exhibition_version_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_version" ADD CONSTRAINT "exhibition_version_version_id_platform_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."platform_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_feature" ADD CONSTRAINT "version_feature_version_id_platform_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."platform_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_feature" ADD CONSTRAINT "version_feature_feature_id_feature_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."feature"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_menu_id_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_parent_id_menu_item_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_power" ADD CONSTRAINT "menu_power_menu_item_id_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_comment" ADD CONSTRAINT "feedback_comment_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_journal" ADD CONSTRAINT "exhibitor_journal_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_journal" ADD CONSTRAINT "exhibitor_journal_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_lintel" ADD CONSTRAINT "exhibitor_lintel_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_lintel" ADD CONSTRAINT "exhibitor_lintel_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invoice" ADD CONSTRAINT "company_invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_correction" ADD CONSTRAINT "exhibitor_correction_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_correction" ADD CONSTRAINT "exhibitor_correction_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD CONSTRAINT "exhibitor_apply_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD CONSTRAINT "exhibitor_apply_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD CONSTRAINT "exhibitor_apply_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibitor_apply" ADD CONSTRAINT "exhibitor_apply_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_log" ADD CONSTRAINT "help_log_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_log" ADD CONSTRAINT "help_log_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_data_download" ADD CONSTRAINT "exhibition_data_download_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_data_download_log" ADD CONSTRAINT "exhibition_data_download_log_download_id_exhibition_data_download_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."exhibition_data_download"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_data_download_log" ADD CONSTRAINT "exhibition_data_download_log_exhibitor_id_exhibitor_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exhibition_data_download_log" ADD CONSTRAINT "exhibition_data_download_log_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_staff" ADD CONSTRAINT "company_staff_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_job" ADD CONSTRAINT "background_job_host_id_host_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."host"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_job" ADD CONSTRAINT "background_job_exhibition_id_exhibition_id_fk" FOREIGN KEY ("exhibition_id") REFERENCES "public"."exhibition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_job" ADD CONSTRAINT "background_job_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_session_user_id_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_token_token_hash_key" ON "refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_session_id_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_user_name_key" ON "user_account" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_phone_number_key" ON "user_account" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_email_key" ON "user_account" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "verification_code_lookup_idx" ON "verification_code" USING btree ("channel","purpose","target");--> statement-breakpoint
CREATE UNIQUE INDEX "host_in_user_host_user_key" ON "host_in_user" USING btree ("host_id","user_id");--> statement-breakpoint
CREATE INDEX "host_in_user_user_id_idx" ON "host_in_user" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exhibition_host_id_idx" ON "exhibition" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "exhibition_agent_idx" ON "exhibition" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "exhibition_hall_exhibition_idx" ON "exhibition_hall" USING btree ("exhibition_id","show_index");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibition_hall_name_key" ON "exhibition_hall" USING btree ("exhibition_id","name") WHERE "exhibition_hall"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibition_schedule_exhibition_idx" ON "exhibition_schedule" USING btree ("exhibition_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_user_company_user_key" ON "company_user" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "company_user_user_id_idx" ON "company_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_exhibition_company_key" ON "exhibitor" USING btree ("exhibition_id","company_id") WHERE "exhibitor"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_company_id_idx" ON "exhibitor" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "exhibitor_exhibition_show_index_idx" ON "exhibitor" USING btree ("exhibition_id","show_index","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_host_id_created_at_idx" ON "operation_log" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_target_idx" ON "operation_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "stored_file_owner_idx" ON "stored_file" USING btree ("owner_user_id");--> statement-breakpoint
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
CREATE UNIQUE INDEX "region_country_param_key" ON "region" USING btree ("param") WHERE kind = 'country' and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "industry_name_key" ON "industry" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "industry"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exhibitor_category_category_id_idx" ON "exhibitor_category" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "exhibitor_say_hello_exhibitor_id_idx" ON "exhibitor_say_hello" USING btree ("exhibitor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_record_host_state_idx" ON "audit_record" USING btree ("host_id","state","created_at");--> statement-breakpoint
CREATE INDEX "audit_record_exhibition_state_idx" ON "audit_record" USING btree ("exhibition_id","type","state");--> statement-breakpoint
CREATE INDEX "audit_record_target_idx" ON "audit_record" USING btree ("type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_record_exhibitor_idx" ON "audit_record" USING btree ("exhibitor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_record_one_pending_key" ON "audit_record" USING btree ("type","target_id") WHERE "audit_record"."state" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "setting_type_scope_name_key" ON "setting" USING btree ("type","scope","name");--> statement-breakpoint
CREATE INDEX "setting_exhibition_id_idx" ON "setting" USING btree ("exhibition_id");--> statement-breakpoint
CREATE INDEX "setting_exhibitor_id_idx" ON "setting" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "category_host_level_idx" ON "category" USING btree ("host_id","level","show_index");--> statement-breakpoint
CREATE INDEX "category_parent_id_idx" ON "category" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_name_key" ON "category" USING btree ("host_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE "category"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "service_submission_kind_exhibitor_key" ON "service_submission" USING btree ("kind","exhibitor_id");--> statement-breakpoint
CREATE INDEX "service_submission_exhibition_idx" ON "service_submission" USING btree ("exhibition_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "company_licence_company_key" ON "company_licence" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_licence_exhibition_idx" ON "company_licence" USING btree ("exhibition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "host_in_user_exhibition_key" ON "host_in_user_exhibition" USING btree ("host_in_user_id","exhibition_id");--> statement-breakpoint
CREATE INDEX "host_in_user_exhibition_exhibition_id_idx" ON "host_in_user_exhibition" USING btree ("exhibition_id");--> statement-breakpoint
CREATE INDEX "host_apply_status_created_at_idx" ON "host_apply" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "exhibition_feature_feature_id_idx" ON "exhibition_feature" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "exhibition_version_version_id_idx" ON "exhibition_version" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_key_key" ON "feature" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_version_name_key" ON "platform_version" USING btree ("name");--> statement-breakpoint
CREATE INDEX "version_feature_feature_id_idx" ON "version_feature" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "menu_item_menu_id_idx" ON "menu_item" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_item_menu_path_key" ON "menu_item" USING btree ("menu_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_power_target_item_key" ON "menu_power" USING btree ("target_type","target_id","menu_item_id");--> statement-breakpoint
CREATE INDEX "feedback_host_id_idx" ON "feedback" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "feedback_user_id_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_comment_feedback_id_idx" ON "feedback_comment" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "notice_host_id_idx" ON "notice" USING btree ("host_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_journal_exhibitor_id_key" ON "exhibitor_journal" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "exhibitor_journal_exhibition_state_idx" ON "exhibitor_journal" USING btree ("exhibition_id","audit_state");--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_lintel_exhibitor_id_key" ON "exhibitor_lintel" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "exhibitor_lintel_exhibition_state_idx" ON "exhibitor_lintel" USING btree ("exhibition_id","audit_state");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invoice_company_id_key" ON "company_invoice" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "exhibitor_correction_exhibition_state_idx" ON "exhibitor_correction" USING btree ("exhibition_id","audit_state","created_at");--> statement-breakpoint
CREATE INDEX "exhibitor_correction_exhibitor_id_idx" ON "exhibitor_correction" USING btree ("exhibitor_id");--> statement-breakpoint
CREATE INDEX "exhibitor_apply_exhibition_state_idx" ON "exhibitor_apply" USING btree ("exhibition_id","audit_state","created_at");--> statement-breakpoint
CREATE INDEX "exhibitor_apply_mobile_idx" ON "exhibitor_apply" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "help_log_exhibitor_id_idx" ON "help_log" USING btree ("exhibitor_id","created_at");--> statement-breakpoint
CREATE INDEX "exhibition_data_download_exhibition_idx" ON "exhibition_data_download" USING btree ("exhibition_id","show_index");--> statement-breakpoint
CREATE INDEX "exhibition_data_download_log_download_idx" ON "exhibition_data_download_log" USING btree ("download_id","created_at");--> statement-breakpoint
CREATE INDEX "company_staff_company_id_idx" ON "company_staff" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "background_job_queue_idx" ON "background_job" USING btree ("run_after","created_at") WHERE "background_job"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "background_job_lease_idx" ON "background_job" USING btree ("locked_until") WHERE "background_job"."state" = 'running';--> statement-breakpoint
CREATE INDEX "background_job_host_idx" ON "background_job" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "background_job_exhibition_idx" ON "background_job" USING btree ("exhibition_id","created_at");