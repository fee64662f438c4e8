-- Pets are the table written most (every create, every PATCH, every order that moves a
-- pet's status), so their entries come from a function that names the columns: the
-- generic record_activity turns both rows into JSON and diffs them in a query, which a
-- PATCH paid for in CPU (docs/PERFORMANCE.md, "The activity log's cost"). This one
-- compares the fields in place and writes the same entries (tests/domain/activity.test.ts
-- checks both, and that every column of pets is named here). A column added to pets
-- must be added here too, or be hidden like created_at and updated_at (the app's own).
CREATE OR REPLACE FUNCTION "record_pet_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	actor jsonb := NULLIF(current_setting('petstore.actor', true), '')::jsonb;
	pet_id bigint;
	before_fields jsonb;
	after_fields jsonb;
	actor_user bigint;
	actor_label text;
BEGIN
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
	ELSIF TG_OP = 'INSERT' THEN
		pet_id := NEW."id";
		after_fields := jsonb_build_object('id', NEW."id", 'name', NEW."name", 'category_id', NEW."category_id", 'status', NEW."status");
	ELSE
		pet_id := OLD."id";
		before_fields := jsonb_build_object('id', OLD."id", 'name', OLD."name", 'category_id', OLD."category_id", 'status', OLD."status");
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
		actor_user, (actor ->> 'keyId')::bigint, actor_label, 'pet', pet_id::text,
		CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
		before_fields, after_fields, actor ->> 'requestId');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_activity" AFTER INSERT OR UPDATE OR DELETE ON "pets" FOR EACH ROW EXECUTE FUNCTION "record_pet_activity"();
