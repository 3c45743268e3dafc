ALTER TABLE "user_account" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feature" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "platform_version" ADD COLUMN "description_en" text;