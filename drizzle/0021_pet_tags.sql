-- Tags (lib/db/schema.ts): pets.tags holds a pet's tags, each spelled as in tags.name;
-- pet_tags indexes them for the list's tag filter and the tag list's pet counts. The
-- triggers at the end keep pet_tags following pets.tags, whichever path changes it, and
-- record a change of tags in the activity log as any change of a pet is.
CREATE TABLE "pet_tags" (
	"pet_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "pet_tags_pet_id_tag_id_pk" PRIMARY KEY("pet_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name"),
	CONSTRAINT "tags_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_tags" ADD CONSTRAINT "pet_tags_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_tags" ADD CONSTRAINT "pet_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_tags_tag_id_pet_id_idx" ON "pet_tags" USING btree ("tag_id","pet_id");--> statement-breakpoint
-- NOT VALID: every pet has no tags yet, so the check needs no pass over the table (a
-- million rows under the migration's lock); it holds for every row written from now on.
ALTER TABLE "pets" ADD CONSTRAINT "pets_tags_at_most_20" CHECK (cardinality("pets"."tags") <= 20) NOT VALID;
--> statement-breakpoint
-- pet_tags follows pets.tags: a pet's rows are those of the tags its array names. Each name
-- must be a tag's, once (the app writes the tag first: lib/domain/tags.ts); else the change
-- is refused, so the array and its index never disagree. Runs as the caller: the app's role
-- may write pet_tags (deploy/database-roles.sql).
CREATE FUNCTION "pet_tags_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"wanted" bigint[];
BEGIN
	SELECT coalesce(array_agg("id"), '{}') INTO "wanted" FROM "tags" WHERE "name" = ANY (NEW."tags");
	IF cardinality("wanted") <> cardinality(NEW."tags") THEN
		RAISE EXCEPTION 'pets.tags must name tags of the tags table, each once: %', NEW."tags" USING ERRCODE = 'check_violation';
	END IF;
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "pet_tags" WHERE "pet_id" = NEW."id" AND "tag_id" <> ALL ("wanted");
	END IF;
	INSERT INTO "pet_tags" ("pet_id", "tag_id") SELECT NEW."id", unnest("wanted") ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pets_tags_indexed" AFTER INSERT ON "pets" FOR EACH ROW WHEN (cardinality(NEW."tags") > 0)
	EXECUTE FUNCTION "pet_tags_follow"();
--> statement-breakpoint
CREATE TRIGGER "pets_tags_reindexed" AFTER UPDATE OF "tags" ON "pets" FOR EACH ROW WHEN (OLD."tags" IS DISTINCT FROM NEW."tags")
	EXECUTE FUNCTION "pet_tags_follow"();
--> statement-breakpoint
-- Pets' activity function (drizzle/0015, 0017) with the new column: a change of tags is an
-- update of the pet whose entry holds the tags before and after; a create and a delete hold
-- them as every other field. Still SECURITY DEFINER with its search_path (drizzle/0019).
CREATE OR REPLACE FUNCTION "record_pet_activity"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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
			jsonb_build_object('id', NEW."id", 'name', NEW."name", 'category_id', NEW."category_id", 'status', NEW."status", 'tags', NEW."tags"),
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
		IF NEW."tags" IS DISTINCT FROM OLD."tags" THEN
			before_fields := before_fields || jsonb_build_object('tags', OLD."tags");
			after_fields := after_fields || jsonb_build_object('tags', NEW."tags");
		END IF;
		IF after_fields = '{}' THEN RETURN NULL; END IF;
	ELSE
		pet_id := OLD."id";
		before_fields := jsonb_build_object('id', OLD."id", 'name', OLD."name", 'category_id', OLD."category_id", 'status', OLD."status", 'tags', OLD."tags");
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
