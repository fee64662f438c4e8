-- The activity log cannot be rewritten by the app's own database role (docs/RELIABILITY.md,
-- "Database roles"). Entries are written only by functions that run as the owner of the
-- tables (SECURITY DEFINER: the role that runs the migrations): the change triggers, and
-- record_sign_in() for sign-ins. Entries leave only through prune_activity(), by age, with
-- the cutoff from the database's clock. An app that connects as a role of its own
-- (deploy/database-roles.sql) has no INSERT, UPDATE, DELETE or TRUNCATE on activity, only
-- SELECT and these functions. For every role, the owner included: UPDATE and TRUNCATE are
-- refused, and DELETE is refused outside prune_activity() (the call stack says where a
-- DELETE comes from; no setting a session could set lets it through). Each function pins
-- its search_path, so no object a session creates (a temporary table named "activity")
-- stands in for the real one. A later CREATE OR REPLACE of these functions must say
-- SECURITY DEFINER and SET search_path again.
ALTER FUNCTION "record_activity"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "record_pet_activity"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_sign_in"("email" text, "signed_in_user_id" bigint, "is_success" boolean) RETURNS void
	LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
	INSERT INTO "activity" ("actor_user_id", "actor_label", "resource", "resource_id", "action")
	VALUES ($2, $1, 'session', $2::text, CASE WHEN $3 THEN 'sign-in' ELSE 'sign-in-failed' END)
$$;
--> statement-breakpoint
-- One batch of entries older than `retention_days` by the database's clock, oldest first;
-- returns how many went. The app calls it until a batch comes back short (lib/domain/activity.ts).
CREATE OR REPLACE FUNCTION "prune_activity"("retention_days" integer, "batch" integer DEFAULT 1000) RETURNS integer
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	pruned integer;
BEGIN
	IF "retention_days" < 1 OR "batch" < 1 THEN
		RAISE EXCEPTION 'prune_activity: retention_days and batch must be at least 1';
	END IF;
	DELETE FROM "activity" WHERE "id" IN (
		SELECT "id" FROM "activity" WHERE "at" < now() - "retention_days" * interval '1 day' ORDER BY "id" LIMIT "batch");
	GET DIAGNOSTICS pruned = ROW_COUNT;
	RETURN pruned;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	stack text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		GET DIAGNOSTICS stack = PG_CONTEXT;
		-- Called by prune_activity(), running as the table's owner (a function of that name a
		-- session made for itself in pg_temp runs as that session's role, and is named pg_temp_N.…).
		IF stack LIKE E'%\nPL/pgSQL function prune_activity(integer,integer) line %'
			AND current_user = (SELECT pg_get_userbyid("relowner") FROM pg_class WHERE oid = TG_RELID) THEN
			RETURN NULL;
		END IF;
	END IF;
	RAISE EXCEPTION 'the activity log is append-only: entries leave only by age, through prune_activity()'
		USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
DROP TRIGGER "activity_append_only" ON "activity";
--> statement-breakpoint
CREATE TRIGGER "activity_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "activity"
	FOR EACH STATEMENT EXECUTE FUNCTION "activity_append_only"();
