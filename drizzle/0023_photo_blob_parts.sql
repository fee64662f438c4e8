ALTER TABLE "photo_blobs" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_blobs" DROP CONSTRAINT "photo_blobs_storage_key_variant_pk";--> statement-breakpoint
ALTER TABLE "photo_blobs" ADD CONSTRAINT "photo_blobs_storage_key_variant_part_pk" PRIMARY KEY("storage_key","variant","part");
