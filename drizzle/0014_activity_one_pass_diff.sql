-- An update's entry in one statement: the changed fields of the old and the new row
-- (both rows of one table, so with the same keys) joined and aggregated straight
-- into the INSERT, which writes nothing when no field changed. One query per
-- change where there were three (docs/PERFORMANCE.md, "The activity log's cost").
CREATE OR REPLACE FUNCTION "record_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := NULLIF(current_setting('petstore.actor', true), '')::jsonb;
	hidden text[] := TG_ARGV[1:];
	old_row jsonb;
	new_row jsonb;
	actor_user bigint;
	actor_label text;
BEGIN
	IF actor ? 'label' THEN
		actor_user := (actor ->> 'userId')::bigint;
		actor_label := actor ->> 'label';
	ELSIF actor ? 'keyId' THEN
		SELECT k.user_id, COALESCE(u.email, k.name) INTO actor_user, actor_label
		FROM "api_keys" k LEFT JOIN "users" u ON u.id = k.user_id WHERE k.id = (actor ->> 'keyId')::bigint;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		old_row := to_jsonb(OLD) - hidden;
		new_row := to_jsonb(NEW) - hidden;
		INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
		SELECT actor_user, (actor ->> 'keyId')::bigint, actor_label, TG_ARGV[0], new_row ->> 'id', 'update',
			jsonb_object_agg(was.key, was.value), jsonb_object_agg(was.key, became.value), actor ->> 'requestId'
		FROM jsonb_each(old_row) was JOIN jsonb_each(new_row) became USING (key)
		WHERE was.value IS DISTINCT FROM became.value
		HAVING count(*) > 0;
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN new_row := to_jsonb(NEW) - hidden; ELSE old_row := to_jsonb(OLD) - hidden; END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	VALUES (
		actor_user, (actor ->> 'keyId')::bigint, actor_label, TG_ARGV[0],
		COALESCE(new_row ->> 'id', old_row ->> 'id'),
		CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END,
		old_row, new_row, actor ->> 'requestId');
	RETURN NULL;
END
$$;
