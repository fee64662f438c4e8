CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pet_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "pets_name_id_idx" ON "pets" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "pets_category_id_id_idx" ON "pets" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "pets_name_trgm_idx" ON "pets" USING gin ("name" gin_trgm_ops);