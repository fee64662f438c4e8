-- What an API key may do is decided when a change acts, on the state of that moment, and is
-- never more than what the key's maker may have today (docs/ROLES.md).
--
-- The roles' scopes, as lib/contract/roles.ts gives them to the dashboard (each role holds
-- the scopes of the one before it; tests/domain/key-rights.test.ts checks that both agree).
CREATE FUNCTION "role_scopes"("role" "user_role") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE "role" WHEN 'admin' THEN ARRAY['read', 'write', 'admin'] WHEN 'editor' THEN ARRAY['read', 'write'] ELSE ARRAY['read'] END
$$;
--> statement-breakpoint
-- A key's scopes today: none once revoked or expired (by the database's clock); a user's key
-- holds at most what the user's role allows, and nothing while the user is disabled or gone;
-- a key of no user holds its scopes when it is configuration (the bootstrap key) or made by
-- it, and never admin when the CLI made it. NULL for an unknown key. PL/pgSQL, whose plans
-- are kept: a SQL function that cannot be inlined is planned again at every call, which cost
-- three times the check itself (docs/ROLES.md).
CREATE FUNCTION "api_key_scopes"("key_id" bigint) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
	"key" record;
BEGIN
	SELECT "api_keys"."scopes", "api_keys"."revoked_at", "api_keys"."expires_at", "api_keys"."user_id", "api_keys"."made_by",
		"users"."role", "users"."disabled_at"
		INTO "key" FROM "api_keys" LEFT JOIN "users" ON "users"."id" = "api_keys"."user_id" WHERE "api_keys"."id" = "key_id";
	IF NOT FOUND THEN RETURN NULL; END IF;
	IF "key"."revoked_at" IS NOT NULL OR "key"."expires_at" <= now() THEN RETURN '{}'; END IF;
	IF "key"."user_id" IS NULL THEN
		RETURN CASE "key"."made_by" WHEN 'config' THEN "key"."scopes" WHEN 'bootstrap' THEN "key"."scopes"
			WHEN 'cli' THEN array_remove("key"."scopes", 'admin') ELSE '{}'::text[] END;
	END IF;
	IF "key"."disabled_at" IS NOT NULL THEN RETURN '{}'; END IF;
	RETURN ARRAY(SELECT "scope" FROM unnest("key"."scopes") AS "scope" WHERE "scope" = ANY (role_scopes("key"."role")));
END
$$;
--> statement-breakpoint
-- Names the actor of a change to the activity triggers and checks, inside the change's
-- transaction, that the acting key still holds `needed`. The change first takes the key's
-- lock shared (a transaction-level advisory lock: no row is written, so many changes of one
-- key share it at no cost), and every change to a key's rights takes it exclusively (the
-- trigger below): a revoke, or a disable, demotion or deletion that revokes, either waits
-- for the changes under way to commit or, committed first, is seen by the check. So a revoke
-- that has returned is never followed by a write of that key. PS401: the key grants nothing
-- any more; PS403: it lacks a needed scope (lib/db/errors.ts).
CREATE FUNCTION "act_as"("actor" text, "key_id" bigint, "needed" text[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	held text[];
BEGIN
	PERFORM set_config('petstore.actor', "actor", true);
	IF "key_id" IS NULL THEN RETURN; END IF;
	PERFORM pg_advisory_xact_lock_shared(1885434724, ("key_id" % 2147483647)::integer);
	-- A statement of its own, so it reads the state as of the lock, not of the call.
	SELECT api_key_scopes("id") INTO held FROM "api_keys" WHERE "id" = "key_id";
	IF coalesce(cardinality(held), 0) = 0 THEN
		RAISE EXCEPTION 'The API key has been revoked, or its owner may no longer use it.' USING ERRCODE = 'PS401';
	END IF;
	IF NOT held @> "needed" THEN
		RAISE EXCEPTION 'This API key no longer has the "%" scope needed for this change.',
			(SELECT string_agg("scope", ', ') FROM unnest("needed") AS "scope" WHERE "scope" <> ALL (held)) USING ERRCODE = 'PS403';
	END IF;
END
$$;
--> statement-breakpoint
-- A change to what a key may do (revoked, expiry, scopes, owner) waits for the changes that
-- key is making to commit (act_as above), whichever release or hand makes it.
CREATE FUNCTION "api_key_rights_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(1885434724, (OLD."id" % 2147483647)::integer);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_key_rights_change" BEFORE UPDATE ON "api_keys" FOR EACH ROW
	WHEN (NEW."revoked_at" IS DISTINCT FROM OLD."revoked_at" OR NEW."expires_at" IS DISTINCT FROM OLD."expires_at"
		OR NEW."scopes" IS DISTINCT FROM OLD."scopes" OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
	EXECUTE FUNCTION "api_key_rights_change"();
--> statement-breakpoint
-- The release before roles, still running mid-way through a rolling upgrade, makes each
-- dashboard session a key with its user and every scope, and leaves made_by to its default
-- ('cli'): such a key is that user's session key, holds what their role allows today (the
-- older release reads its scopes as stored, so they are cut here), and is born revoked for a
-- user who is disabled. This release always names the maker of a key with a user.
CREATE FUNCTION "api_key_of_an_earlier_release"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	maker record;
BEGIN
	IF NEW."user_id" IS NULL OR NEW."made_by" <> 'cli' THEN RETURN NEW; END IF;
	SELECT "role", "disabled_at" INTO maker FROM "users" WHERE "id" = NEW."user_id";
	NEW."made_by" := 'user';
	NEW."is_session" := true;
	NEW."scopes" := ARRAY(SELECT "scope" FROM unnest(NEW."scopes") AS "scope" WHERE "scope" = ANY (role_scopes(maker."role")));
	IF maker."disabled_at" IS NOT NULL THEN
		NEW."revoked_at" := now();
		NEW."revoked_reason" := 'disabled';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_of_an_earlier_release" BEFORE INSERT ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "api_key_of_an_earlier_release"();
--> statement-breakpoint
-- Keys such a release made before this migration: the same.
UPDATE "api_keys" SET "made_by" = 'user', "is_session" = true,
	"scopes" = ARRAY(SELECT "scope" FROM unnest("scopes") AS "scope" WHERE "scope" = ANY (role_scopes((SELECT "role" FROM "users" WHERE "users"."id" = "api_keys"."user_id"))))
	WHERE "user_id" IS NOT NULL AND "made_by" = 'cli';
