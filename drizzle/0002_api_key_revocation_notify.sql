-- Every instance caches validated API keys (lib/domain/api-key-cache.ts) and LISTENs on
-- api_key_revoked: a key revoked, rescoped, re-expired or deleted (by any path:
-- the app, the CLI, a cascade, SQL by hand) is announced in the same transaction.
CREATE OR REPLACE FUNCTION "notify_api_key_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('api_key_revoked', OLD.id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "api_keys_changed" AFTER UPDATE ON "api_keys" FOR EACH ROW
	WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
		OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.hash IS DISTINCT FROM NEW.hash)
	EXECUTE FUNCTION "notify_api_key_revoked"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "api_keys_deleted" AFTER DELETE ON "api_keys" FOR EACH ROW
	EXECUTE FUNCTION "notify_api_key_revoked"();
