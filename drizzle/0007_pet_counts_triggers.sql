-- pet_counts holds how many pets have each status ('none' for NULL), so that
-- GET /v1/pets/counts without filters reads 64 small rows instead of counting a
-- million. Statement-level triggers with transition tables keep it: one UPDATE
-- per status a statement touched (a bulk insert of a million rows costs one
-- pass, not a million updates), on one of 16 shards picked at random, so two
-- concurrent writers seldom wait for the same row. Statuses are updated in
-- sorted order, so two statements never lock rows in opposite orders.
INSERT INTO "pet_counts" ("status", "shard", "count")
	SELECT "status", "shard", 0 FROM unnest(ARRAY['available', 'pending', 'sold', 'none']) AS "status", generate_series(0, 15) AS "shard";
--> statement-breakpoint
UPDATE "pet_counts" SET "count" = "existing"."count"
	FROM (SELECT coalesce("status"::text, 'none') AS "status", count(*) AS "count" FROM "pets" GROUP BY 1) AS "existing"
	WHERE "pet_counts"."status" = "existing"."status" AND "pet_counts"."shard" = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pet_counts_add"("statuses" text[], "changes" bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"target_shard" smallint := floor(random() * 16)::smallint;
BEGIN
	FOR i IN 1 .. coalesce(array_length("statuses", 1), 0) LOOP
		IF "changes"[i] <> 0 THEN
			UPDATE "pet_counts" SET "count" = "count" + "changes"[i] WHERE "status" = "statuses"[i] AND "shard" = "target_shard";
		END IF;
	END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pet_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "pet_counts_add"(array_agg("status" ORDER BY "status"), array_agg("change" ORDER BY "status"))
		FROM (SELECT coalesce("status"::text, 'none') AS "status", count(*) AS "change" FROM "new_pets" GROUP BY 1) AS "deltas";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pet_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "pet_counts_add"(array_agg("status" ORDER BY "status"), array_agg("change" ORDER BY "status"))
		FROM (SELECT coalesce("status"::text, 'none') AS "status", -count(*) AS "change" FROM "old_pets" GROUP BY 1) AS "deltas";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pet_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "pet_counts_add"(array_agg("status" ORDER BY "status"), array_agg("change" ORDER BY "status"))
		FROM (
			SELECT "status", sum("change")::bigint AS "change" FROM (
				SELECT coalesce("status"::text, 'none') AS "status", 1 AS "change" FROM "new_pets"
				UNION ALL
				SELECT coalesce("status"::text, 'none'), -1 FROM "old_pets"
			) AS "both_sides" GROUP BY 1
		) AS "deltas";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pet_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "pet_counts" SET "count" = 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_counted_insert" AFTER INSERT ON "pets" REFERENCING NEW TABLE AS "new_pets"
	FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_after_insert"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_counted_delete" AFTER DELETE ON "pets" REFERENCING OLD TABLE AS "old_pets"
	FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_after_delete"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_counted_update" AFTER UPDATE ON "pets" REFERENCING OLD TABLE AS "old_pets" NEW TABLE AS "new_pets"
	FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_after_update"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "pets_counted_truncate" AFTER TRUNCATE ON "pets"
	FOR EACH STATEMENT EXECUTE FUNCTION "pet_counts_after_truncate"();
