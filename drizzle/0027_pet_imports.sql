CREATE TABLE "import_failures" (
	"import_id" bigint NOT NULL,
	"row" integer NOT NULL,
	"values" text[] NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_failures_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "import_file_parts" (
	"import_id" bigint NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_parts_import_id_part_pk" PRIMARY KEY("import_id","part")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean NOT NULL,
	"create_categories" boolean NOT NULL,
	"columns" text[] NOT NULL,
	"delimiter" text NOT NULL,
	"rows" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"ignored_columns" text[] NOT NULL,
	"created_by_user_id" bigint,
	"created_by_key_id" bigint,
	"created_by_label" text NOT NULL,
	"request_id" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_batch_id_unique" UNIQUE("batch_id"),
	CONSTRAINT "imports_state" CHECK ("imports"."state" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "import_failures" ADD CONSTRAINT "import_failures_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_file_parts" ADD CONSTRAINT "import_file_parts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;