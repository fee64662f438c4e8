-- Account events in the activity log's own words (docs/ROLES.md, "The activity log").
-- A new password is one entry of the user: `password-reset` when it must be replaced at the
-- next sign-in (an admin's reset, the CLI's), else `password-change`; must_change_password
-- is left out of the row's own entries, which showed a reset only as that flag turning true.
-- Sign-outs, "Sign out everywhere" and sign-ins the throttle refused touch no row the log
-- watches (session keys are not recorded), so record_session_event() writes them, as
-- record_sign_in() writes sign-ins: SECURITY DEFINER, its search_path pinned, and only
-- these actions, so the app's role cannot write any other entry through it.
CREATE OR REPLACE FUNCTION "record_password_activity"() RETURNS trigger
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "request_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'user', NEW."id"::text,
		CASE WHEN NEW."must_change_password" THEN 'password-reset' ELSE 'password-change' END,
		NULLIF(split_part(actor, E'\x1f', 3), ''));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_password_activity" AFTER UPDATE OF "password_hash" ON "users" FOR EACH ROW
	WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash") EXECUTE FUNCTION "record_password_activity"();
--> statement-breakpoint
DROP TRIGGER "users_activity" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_activity" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW
	EXECUTE FUNCTION "record_activity"('user', 'password_hash', 'created_at', 'must_change_password');
--> statement-breakpoint
-- The session's user (absent for a throttled sign-in: the email as typed says who tried), the
-- key that acted and the request, when there are any.
CREATE OR REPLACE FUNCTION "record_session_event"("action" text, "email" text, "session_user_id" bigint, "key_id" bigint, "request_id" text)
	RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
	IF $1 IS NULL OR $1 NOT IN ('sign-out', 'sign-out-everywhere', 'sign-in-throttled') THEN
		RAISE EXCEPTION 'record_session_event: % is not a session event', $1;
	END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "request_id")
	VALUES ($3, $4, $2, 'session', $3::text, $1, $5);
END
$$;
