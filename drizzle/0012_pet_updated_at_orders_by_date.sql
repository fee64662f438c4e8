ALTER TABLE "pets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
-- A pet's updated_at follows every change of its row, by any path (PATCH, an order
-- moving its status, the CLI, SQL by hand); an UPDATE that changes nothing keeps it.
-- Pets that existed before this migration have its time.
CREATE OR REPLACE FUNCTION "pets_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."updated_at" := now();
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pets_touch_updated_at" BEFORE UPDATE ON "pets" FOR EACH ROW
	WHEN (OLD.* IS DISTINCT FROM NEW.*)
	EXECUTE FUNCTION "pets_touch_updated_at"();
--> statement-breakpoint
-- updated_at is a timestamp the app keeps for itself: never an activity entry's field.
CREATE OR REPLACE TRIGGER "pets_activity" AFTER INSERT OR UPDATE OR DELETE ON "pets" FOR EACH ROW EXECUTE FUNCTION "record_activity"('pet', 'created_at', 'updated_at');
