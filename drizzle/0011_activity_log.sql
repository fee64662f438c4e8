CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" bigint,
	"actor_key_id" bigint,
	"actor_label" text,
	"resource" text NOT NULL,
	"resource_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "activity_resource_idx" ON "activity" USING btree ("resource","resource_id","id");--> statement-breakpoint
CREATE INDEX "activity_actor_user_idx" ON "activity" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "activity_actor_key_idx" ON "activity" USING btree ("actor_key_id","id");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
-- Every change to these tables is recorded in the same transaction, whoever made it
-- (the app, the CLI, SQL by hand). The calling key's id and the request id come from the
-- transaction's `petstore.actor` setting (lib/domain/activity.ts); the key's user and the label
-- (the user's email, else the key's name) are read here, as they are now. Without the
-- setting, the entry has no actor (the system). Only the fields that changed are kept; the columns named after the resource
-- (hashes, key prefixes, timestamps the app keeps for itself) never are. An update that
-- changes none of the kept fields (a key's last use) records nothing.
CREATE OR REPLACE FUNCTION "record_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := NULLIF(current_setting('petstore.actor', true), '')::jsonb;
	hidden text[] := TG_ARGV[1:];
	old_row jsonb;
	new_row jsonb;
	before_fields jsonb;
	after_fields jsonb;
	actor_user bigint;
	actor_label text;
BEGIN
	IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - hidden; END IF;
	IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - hidden; END IF;
	IF TG_OP = 'UPDATE' THEN
		SELECT jsonb_object_agg(key, value) INTO before_fields FROM jsonb_each(old_row) WHERE new_row -> key IS DISTINCT FROM value;
		SELECT jsonb_object_agg(key, value) INTO after_fields FROM jsonb_each(new_row) WHERE old_row -> key IS DISTINCT FROM value;
		IF after_fields IS NULL THEN RETURN NULL; END IF;
	ELSE
		before_fields := old_row;
		after_fields := new_row;
	END IF;
	IF actor ? 'keyId' THEN
		SELECT k.user_id, COALESCE(u.email, k.name) INTO actor_user, actor_label
		FROM "api_keys" k LEFT JOIN "users" u ON u.id = k.user_id WHERE k.id = (actor ->> 'keyId')::bigint;
	END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	VALUES (
		actor_user, (actor ->> 'keyId')::bigint, actor_label, TG_ARGV[0],
		COALESCE(new_row ->> 'id', old_row ->> 'id'),
		CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
		before_fields, after_fields, actor ->> 'requestId');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pets_activity" AFTER INSERT OR UPDATE OR DELETE ON "pets" FOR EACH ROW EXECUTE FUNCTION "record_activity"('pet', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "categories_activity" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION "record_activity"('category', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "orders_activity" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "record_activity"('order', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "users_activity" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "record_activity"('user', 'password_hash', 'created_at');
--> statement-breakpoint
-- A dashboard session's key comes and goes with each sign-in (recorded as such), so only keys made by hand are.
CREATE TRIGGER "api_keys_activity" AFTER INSERT OR UPDATE ON "api_keys" FOR EACH ROW WHEN (NOT NEW.is_session)
	EXECUTE FUNCTION "record_activity"('api_key', 'hash', 'prefix', 'last_used_at', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "api_keys_deleted_activity" AFTER DELETE ON "api_keys" FOR EACH ROW WHEN (NOT OLD.is_session)
	EXECUTE FUNCTION "record_activity"('api_key', 'hash', 'prefix', 'last_used_at', 'created_at');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('petstore.pruning', true) = 'on' THEN RETURN OLD; END IF;
	RAISE EXCEPTION 'the activity log is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_append_only" BEFORE UPDATE OR DELETE ON "activity" FOR EACH ROW EXECUTE FUNCTION "activity_append_only"();
