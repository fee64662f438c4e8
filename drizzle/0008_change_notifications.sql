-- The change feed (GET /v1/changes, lib/domain/change-feed.ts): every statement that
-- creates, updates or deletes pets, orders or categories, by any path (the
-- app, the CLI, SQL by hand, another instance), sends on the petstore_changes
-- channel a small JSON payload per row: {"resource","kind","id"}. Only ids and
-- kinds, never content. A statement touching more than 100 rows sends one
-- payload without an id instead ("refetch that resource"), so a bulk load does
-- not flood the queue. Notifications are delivered at commit, never for a
-- rolled-back change.
CREATE OR REPLACE FUNCTION "notify_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"resource" text := TG_ARGV[0];
	"kind" text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
	"changed" bigint[];
BEGIN
	IF TG_OP = 'DELETE' THEN
		SELECT array_agg("id" ORDER BY "id") INTO "changed" FROM (SELECT "id" FROM "old_rows" LIMIT 101) AS "some_rows";
	ELSE
		SELECT array_agg("id" ORDER BY "id") INTO "changed" FROM (SELECT "id" FROM "new_rows" LIMIT 101) AS "some_rows";
	END IF;
	IF "changed" IS NULL THEN
		RETURN NULL;
	ELSIF array_length("changed", 1) > 100 THEN
		PERFORM pg_notify('petstore_changes', json_build_object('resource', "resource", 'kind', "kind")::text);
	ELSE
		PERFORM pg_notify('petstore_changes', json_build_object('resource', "resource", 'kind', "kind", 'id', "id")::text)
			FROM unnest("changed") AS "id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_inserted_notify" AFTER INSERT ON "pets" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('pet');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_updated_notify" AFTER UPDATE ON "pets" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('pet');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_deleted_notify" AFTER DELETE ON "pets" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('pet');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "orders_inserted_notify" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('order');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "orders_updated_notify" AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('order');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "orders_deleted_notify" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('order');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "categories_inserted_notify" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('category');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "categories_updated_notify" AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('category');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "categories_deleted_notify" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_changes"('category');
