ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- A sign-in is its own activity entry (record_sign_in): the column it sets is left out of the user's changes.
DROP TRIGGER "users_activity" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_activity" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
	EXECUTE FUNCTION "record_activity"('user', 'password_hash', 'created_at', 'must_change_password', 'last_sign_in_at');
