-- The activity log's B-tree keys all end with the entry's id, so no two are equal:
-- deduplication, which PostgreSQL tries on a full leaf page before it splits the
-- page, never frees a byte here and cost an update's entry about a third of its
-- CPU (docs/PERFORMANCE.md, "The activity log's cost"). Off, without a rebuild: the
-- setting applies to the pages written from now on.
ALTER INDEX "activity_resource_idx" SET (deduplicate_items = off);--> statement-breakpoint
ALTER INDEX "activity_actor_user_idx" SET (deduplicate_items = off);--> statement-breakpoint
ALTER INDEX "activity_actor_key_idx" SET (deduplicate_items = off);
