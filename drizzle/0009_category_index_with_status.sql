DROP INDEX "pets_category_id_id_idx";--> statement-breakpoint
CREATE INDEX "pets_category_id_id_status_idx" ON "pets" USING btree ("category_id","id","status");