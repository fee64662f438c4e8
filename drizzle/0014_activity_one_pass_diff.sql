-- The changed fields of an update in one pass: a join of the old and the new row's
-- fields (both rows are of one table, so they have the same keys), one query where
-- there were two (docs/PERFORMANCE.md, "The activity log's cost").
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
		SELECT jsonb_object_agg(was.key, was.value), jsonb_object_agg(was.key, became.value) INTO before_fields, after_fields
		FROM jsonb_each(old_row) was JOIN jsonb_each(new_row) became USING (key) WHERE was.value IS DISTINCT FROM became.value;
		IF after_fields IS NULL THEN RETURN NULL; END IF;
	ELSE
		before_fields := old_row;
		after_fields := new_row;
	END IF;
	IF actor ? 'label' THEN
		actor_user := (actor ->> 'userId')::bigint;
		actor_label := actor ->> 'label';
	ELSIF actor ? 'keyId' THEN
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
