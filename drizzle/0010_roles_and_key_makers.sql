CREATE TYPE "public"."api_key_maker" AS ENUM('user', 'cli', 'bootstrap', 'config');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('viewer', 'editor', 'admin');--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "is_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "made_by" "api_key_maker" DEFAULT 'cli' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'viewer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before roles, every dashboard user was an admin: they stay admins.
UPDATE "users" SET "role" = 'admin';--> statement-breakpoint
-- Before, only dashboard sessions' keys had a user; the bootstrap key was named so, with every scope.
UPDATE "api_keys" SET "is_session" = true, "made_by" = 'user' WHERE "user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "api_keys" SET "made_by" = 'config' WHERE "user_id" IS NULL AND "name" = 'bootstrap' AND 'admin' = ANY ("scopes");
