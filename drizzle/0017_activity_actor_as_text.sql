-- The actor in plain text: "keyId␟userId␟requestId␟label", its four fields joined by the
-- unit separator (U+001F), which none of them can hold (ids are numbers, a request id is
-- [\w.:-], a label is an email or a key's name, neither of which may hold a control
-- character). The triggers read it with split_part where they parsed JSON, and no longer
-- look up a label missing from it: the app always sends one (lib/domain/activity.ts). The JSON an
-- instance of the version before sends (mid-way through a rolling upgrade, beside instances
-- that have migrated) is turned into the text first, so its writes are recorded too. Pets'
-- create, the write the log costs most against, inserts its entry with the actor read in
-- the INSERT itself. Counted with callgrind (docs/PERFORMANCE.md, "The activity log's
-- cost"): the log's share of a create 181k instructions → 158k.
CREATE OR REPLACE FUNCTION "activity_actor_from_json"("actor" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT concat("fields" ->> 'keyId', E'\x1f', "fields" ->> 'userId', E'\x1f', "fields" ->> 'requestId', E'\x1f', "fields" ->> 'label')
	FROM (SELECT "actor"::jsonb) AS "setting"("fields")
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
	hidden text[] := TG_ARGV[1:];
	old_row jsonb;
	new_row jsonb;
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	IF TG_OP = 'UPDATE' THEN
		old_row := to_jsonb(OLD) - hidden;
		new_row := to_jsonb(NEW) - hidden;
		INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
		SELECT NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
			NULLIF(split_part(actor, E'\x1f', 4), ''), TG_ARGV[0], new_row ->> 'id', 'update',
			jsonb_object_agg(was.key, was.value), jsonb_object_agg(was.key, became.value), NULLIF(split_part(actor, E'\x1f', 3), '')
		FROM jsonb_each(old_row) was JOIN jsonb_each(new_row) became USING (key)
		WHERE was.value IS DISTINCT FROM became.value
		HAVING count(*) > 0;
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN new_row := to_jsonb(NEW) - hidden; ELSE old_row := to_jsonb(OLD) - hidden; END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), TG_ARGV[0],
		COALESCE(new_row ->> 'id', old_row ->> 'id'),
		CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END,
		old_row, new_row, NULLIF(split_part(actor, E'\x1f', 3), ''));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_pet_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
	pet_id bigint;
	before_fields jsonb;
	after_fields jsonb;
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
		VALUES (
			NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
			NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', NEW."id"::text, 'create', NULL,
			jsonb_build_object('id', NEW."id", 'name', NEW."name", 'category_id', NEW."category_id", 'status', NEW."status"),
			NULLIF(split_part(actor, E'\x1f', 3), ''));
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		pet_id := NEW."id";
		before_fields := '{}';
		after_fields := '{}';
		IF NEW."id" IS DISTINCT FROM OLD."id" THEN
			before_fields := before_fields || jsonb_build_object('id', OLD."id");
			after_fields := after_fields || jsonb_build_object('id', NEW."id");
		END IF;
		IF NEW."name" IS DISTINCT FROM OLD."name" THEN
			before_fields := before_fields || jsonb_build_object('name', OLD."name");
			after_fields := after_fields || jsonb_build_object('name', NEW."name");
		END IF;
		IF NEW."category_id" IS DISTINCT FROM OLD."category_id" THEN
			before_fields := before_fields || jsonb_build_object('category_id', OLD."category_id");
			after_fields := after_fields || jsonb_build_object('category_id', NEW."category_id");
		END IF;
		IF NEW."status" IS DISTINCT FROM OLD."status" THEN
			before_fields := before_fields || jsonb_build_object('status', OLD."status");
			after_fields := after_fields || jsonb_build_object('status', NEW."status");
		END IF;
		IF after_fields = '{}' THEN RETURN NULL; END IF;
	ELSE
		pet_id := OLD."id";
		before_fields := jsonb_build_object('id', OLD."id", 'name', OLD."name", 'category_id', OLD."category_id", 'status', OLD."status");
	END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', pet_id::text,
		CASE TG_OP WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
		before_fields, after_fields, NULLIF(split_part(actor, E'\x1f', 3), ''));
	RETURN NULL;
END
$$;
