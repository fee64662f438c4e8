-- Trigram indexes for the case-insensitive name search (GET /v1/pets?name=…).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create
-- it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (lib/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
