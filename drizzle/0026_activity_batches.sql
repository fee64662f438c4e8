ALTER TABLE "activity" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "restored_from" bigint;--> statement-breakpoint
CREATE INDEX "activity_batch_idx" ON "activity" USING btree ("batch_id","id") WITH (deduplicate_items=off) WHERE "activity"."batch_id" is not null;--> statement-breakpoint
-- Batches and restores (docs/ROLES.md, "The activity log"): the actor setting (drizzle/0017)
-- may carry two more fields, "keyId␟userId␟requestId␟label␟batchId␟restoredFrom": the batch
-- a bulk change, a bulk delete, an import or an undo writes under, and the entry a restore
-- set the pet back to. An instance of the release before (mid-way through a rolling upgrade)
-- sends four fields: split_part then answers '' for the fifth and sixth, read as NULL, and
-- that release's triggers read the first four of the new setting as they always did. The
-- writers below are those of drizzle/0017, 0021 and 0022 with the batch (and, for a pet's
-- own entries, the restore) added; still SECURITY DEFINER with their search_path (drizzle/0019).
CREATE OR REPLACE FUNCTION "record_activity"() RETURNS trigger
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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
		INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id")
		SELECT NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
			NULLIF(split_part(actor, E'\x1f', 4), ''), TG_ARGV[0], new_row ->> 'id', 'update',
			jsonb_object_agg(was.key, was.value), jsonb_object_agg(was.key, became.value), NULLIF(split_part(actor, E'\x1f', 3), ''),
			NULLIF(split_part(actor, E'\x1f', 5), '')::uuid
		FROM jsonb_each(old_row) was JOIN jsonb_each(new_row) became USING (key)
		WHERE was.value IS DISTINCT FROM became.value
		HAVING count(*) > 0;
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN new_row := to_jsonb(NEW) - hidden; ELSE old_row := to_jsonb(OLD) - hidden; END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), TG_ARGV[0],
		COALESCE(new_row ->> 'id', old_row ->> 'id'),
		CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END,
		old_row, new_row, NULLIF(split_part(actor, E'\x1f', 3), ''), NULLIF(split_part(actor, E'\x1f', 5), '')::uuid);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_pet_activity"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
	pet_id bigint;
	before_fields jsonb;
	after_fields jsonb;
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id", "restored_from")
		VALUES (
			NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
			NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', NEW."id"::text, 'create', NULL,
			jsonb_build_object('id', NEW."id", 'name', NEW."name", 'category_id', NEW."category_id", 'status', NEW."status", 'tags', NEW."tags"),
			NULLIF(split_part(actor, E'\x1f', 3), ''), NULLIF(split_part(actor, E'\x1f', 5), '')::uuid, NULLIF(split_part(actor, E'\x1f', 6), '')::bigint);
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
		IF NEW."tags" IS DISTINCT FROM OLD."tags" THEN
			before_fields := before_fields || jsonb_build_object('tags', OLD."tags");
			after_fields := after_fields || jsonb_build_object('tags', NEW."tags");
		END IF;
		IF after_fields = '{}' THEN RETURN NULL; END IF;
	ELSE
		pet_id := OLD."id";
		before_fields := jsonb_build_object('id', OLD."id", 'name', OLD."name", 'category_id', OLD."category_id", 'status', OLD."status", 'tags', OLD."tags");
	END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id", "restored_from")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', pet_id::text,
		CASE TG_OP WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
		before_fields, after_fields, NULLIF(split_part(actor, E'\x1f', 3), ''),
		NULLIF(split_part(actor, E'\x1f', 5), '')::uuid, NULLIF(split_part(actor, E'\x1f', 6), '')::bigint);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_photo_activity"() RETURNS trigger
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
	photo record;
	photo_position integer;
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	IF TG_OP = 'INSERT' THEN photo := NEW; ELSE photo := OLD; END IF;
	SELECT count(*) INTO photo_position FROM "pet_photos"
		WHERE "pet_id" = photo."pet_id" AND "detached_at" IS NULL AND ("sort_key", "id") < (photo."sort_key", photo."id");
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', photo."pet_id"::text,
		CASE TG_OP WHEN 'INSERT' THEN 'photo-add' ELSE 'photo-remove' END,
		CASE TG_OP WHEN 'DELETE' THEN jsonb_build_object('photo_id', photo."id", 'position', photo_position) END,
		CASE TG_OP WHEN 'INSERT' THEN jsonb_build_object('photo_id', photo."id", 'position', photo_position, 'content_type', photo."content_type",
			'width', photo."width", 'height', photo."height", 'bytes', photo."bytes") END,
		NULLIF(split_part(actor, E'\x1f', 3), ''), NULLIF(split_part(actor, E'\x1f', 5), '')::uuid);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_photo_order_activity"() RETURNS trigger
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id", "batch_id")
	SELECT NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', "orders"."pet_id"::text, 'photo-move',
		jsonb_build_object('photo_order', "orders"."before"), jsonb_build_object('photo_order', "orders"."after"),
		NULLIF(split_part(actor, E'\x1f', 3), ''), NULLIF(split_part(actor, E'\x1f', 5), '')::uuid
	FROM (
		SELECT "photo"."pet_id",
			array_agg("photo"."id" ORDER BY coalesce("was"."sort_key", "photo"."sort_key"), "photo"."id") AS "before",
			array_agg("photo"."id" ORDER BY "photo"."sort_key", "photo"."id") AS "after"
		FROM "pet_photos" "photo" LEFT JOIN "old_rows" "was" ON "was"."id" = "photo"."id"
		WHERE "photo"."detached_at" IS NULL AND "photo"."pet_id" IN (
			SELECT "became"."pet_id" FROM "new_rows" "became" JOIN "old_rows" "was" ON "was"."id" = "became"."id"
			WHERE "became"."sort_key" <> "was"."sort_key" AND "became"."detached_at" IS NULL)
		GROUP BY "photo"."pet_id"
	) AS "orders"
	WHERE "orders"."before" <> "orders"."after";
	RETURN NULL;
END
$$;
