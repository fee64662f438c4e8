-- The app's own database role (docs/RELIABILITY.md, "Database roles"): it may read and
-- change the catalogue, orders, users and keys, read the activity log, and write to the log
-- only through the triggers and the functions the migrations define (record_sign_in,
-- record_session_event, prune_activity); it has no INSERT, UPDATE, DELETE or TRUNCATE on activity. The tables stay
-- owned by the role that runs the migrations (DATABASE_DIRECT_URL); the app connects as this
-- one (DATABASE_URL).
--
-- Run once, as the owner, after the first migration (`npm run db:migrate` with DATABASE_URL
-- set to the owner's URL), in the app's database:
--   psql "$OWNER_URL" -v app_role=petstore_app -v app_password='…' -f deploy/database-roles.sql
-- Tables and sequences that later migrations create get the same rights (default privileges).
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password';
GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
-- The activity log: read, and written only by the owner's functions.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON activity FROM :"app_role";
REVOKE USAGE, SELECT ON SEQUENCE activity_id_seq FROM :"app_role";
GRANT EXECUTE ON FUNCTION record_sign_in(text, bigint, boolean), record_session_event(text, text, bigint, bigint, text),
	prune_activity(integer, integer) TO :"app_role";
-- The job queue (pg-boss's schema, made by the migrations): its jobs' rows, read and written
-- by every instance; its tables are made and changed by the owner only.
GRANT USAGE ON SCHEMA pgboss TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
