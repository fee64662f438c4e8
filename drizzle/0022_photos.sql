CREATE TABLE "pet_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pet_id" bigint NOT NULL,
	"sort_key" integer NOT NULL,
	"storage_key" text NOT NULL,
	"store" text DEFAULT 'database' NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detached_at" timestamp with time zone,
	CONSTRAINT "pet_photos_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "pet_photos_store_known" CHECK ("pet_photos"."store" in ('database', 's3'))
);
--> statement-breakpoint
CREATE TABLE "photo_blobs" (
	"storage_key" text NOT NULL,
	"variant" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_blobs_storage_key_variant_pk" PRIMARY KEY("storage_key","variant")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pet_photos_pet_id_sort_key_idx" ON "pet_photos" USING btree ("pet_id","sort_key","id") WHERE "pet_photos"."detached_at" is null;--> statement-breakpoint
CREATE INDEX "pet_photos_detached_at_idx" ON "pet_photos" USING btree ("detached_at") WHERE "pet_photos"."detached_at" is not null;--> statement-breakpoint
CREATE INDEX "photo_blobs_created_at_idx" ON "photo_blobs" USING btree ("created_at");--> statement-breakpoint
-- Photo bytes are compressed already: stored out of line without another try at compressing them.
ALTER TABLE "photo_blobs" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- A deleted pet's photos become unreachable at once, whatever deleted it (the app, a batch,
-- SQL by hand): detached, and kept 30 days for a restore, then swept with their bytes
-- (lib/domain/photos.ts). One statement per deleting statement.
CREATE OR REPLACE FUNCTION "detach_pet_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "pet_photos" SET "detached_at" = now()
		WHERE "detached_at" IS NULL AND "pet_id" IN (SELECT "id" FROM "old_rows");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pets_deleted_detach_photos" AFTER DELETE ON "pets" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "detach_pet_photos"();
--> statement-breakpoint
-- The activity log's photo entries (docs/ROLES.md, "The activity log"), under the pet they
-- belong to: `photo-add` (after: the photo, its position and what it is), `photo-remove`
-- (before: the photo and the position it had) and `photo-move` (the order of the pet's photo
-- ids before and after a statement that reordered them; the first is the cover). Detaching
-- (the pet's delete is the entry) and sweeping detached photos record nothing. The actor is
-- read as record_activity reads it (drizzle/0017); SECURITY DEFINER as every writer of the
-- log is (drizzle/0019).
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
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	VALUES (
		NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', photo."pet_id"::text,
		CASE TG_OP WHEN 'INSERT' THEN 'photo-add' ELSE 'photo-remove' END,
		CASE TG_OP WHEN 'DELETE' THEN jsonb_build_object('photo_id', photo."id", 'position', photo_position) END,
		CASE TG_OP WHEN 'INSERT' THEN jsonb_build_object('photo_id', photo."id", 'position', photo_position, 'content_type', photo."content_type",
			'width', photo."width", 'height', photo."height", 'bytes', photo."bytes") END,
		NULLIF(split_part(actor, E'\x1f', 3), ''));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pet_photos_added_activity" AFTER INSERT ON "pet_photos" FOR EACH ROW EXECUTE FUNCTION "record_photo_activity"();
--> statement-breakpoint
CREATE TRIGGER "pet_photos_removed_activity" AFTER DELETE ON "pet_photos" FOR EACH ROW WHEN (OLD."detached_at" IS NULL)
	EXECUTE FUNCTION "record_photo_activity"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_photo_order_activity"() RETURNS trigger
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	actor text := current_setting('petstore.actor', true);
BEGIN
	IF starts_with(actor, '{') THEN actor := activity_actor_from_json(actor); END IF;
	INSERT INTO "activity" ("actor_user_id", "actor_key_id", "actor_label", "resource", "resource_id", "action", "before", "after", "request_id")
	SELECT NULLIF(split_part(actor, E'\x1f', 2), '')::bigint, NULLIF(split_part(actor, E'\x1f', 1), '')::bigint,
		NULLIF(split_part(actor, E'\x1f', 4), ''), 'pet', "orders"."pet_id"::text, 'photo-move',
		jsonb_build_object('photo_order', "orders"."before"), jsonb_build_object('photo_order', "orders"."after"),
		NULLIF(split_part(actor, E'\x1f', 3), '')
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
--> statement-breakpoint
CREATE TRIGGER "pet_photos_reordered_activity" AFTER UPDATE ON "pet_photos" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "record_photo_order_activity"();
--> statement-breakpoint
-- The change feed (drizzle/0008): {"resource":"photo","kind","id","petId"} for each photo
-- added, moved (its sort key changed) or removed, by any path; detaching and sweeping
-- detached photos send nothing (the pet's own `deleted` says it).
CREATE OR REPLACE FUNCTION "notify_photo_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('petstore_changes', json_build_object('resource', 'photo', 'kind', 'created', 'id', "id", 'petId', "pet_id")::text)
			FROM "new_rows";
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('petstore_changes', json_build_object('resource', 'photo', 'kind', 'deleted', 'id', "id", 'petId', "pet_id")::text)
			FROM "old_rows" WHERE "detached_at" IS NULL;
	ELSE
		PERFORM pg_notify('petstore_changes', json_build_object('resource', 'photo', 'kind', 'updated', 'id', "became"."id", 'petId', "became"."pet_id")::text)
			FROM "new_rows" "became" JOIN "old_rows" "was" ON "was"."id" = "became"."id"
			WHERE "became"."sort_key" <> "was"."sort_key" AND "became"."detached_at" IS NULL;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pet_photos_inserted_notify" AFTER INSERT ON "pet_photos" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_photo_changes"();
--> statement-breakpoint
CREATE TRIGGER "pet_photos_updated_notify" AFTER UPDATE ON "pet_photos" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_photo_changes"();
--> statement-breakpoint
CREATE TRIGGER "pet_photos_deleted_notify" AFTER DELETE ON "pet_photos" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_photo_changes"();
