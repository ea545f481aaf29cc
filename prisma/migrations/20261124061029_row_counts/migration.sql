-- CreateTable
CREATE TABLE "RowCount" (
    "name" TEXT NOT NULL,
    "rows" BIGINT NOT NULL,

    CONSTRAINT "RowCount_pkey" PRIMARY KEY ("name")
);

-- The counts are kept by statement-level triggers (one UPDATE per statement, however many rows it
-- inserts or deletes), in the transaction of the change: a reader sees a count and the rows it
-- counts from the same commit. Statements that bypass triggers (session_replication_role = replica,
-- a restore with triggers disabled) must be followed by a recount:
--   UPDATE "RowCount" SET "rows" = (SELECT count(*) FROM "Agent") WHERE "name" = 'Agent';  (etc.)
CREATE FUNCTION "syndicate_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "RowCount" SET "rows" = "rows" + (SELECT count(*) FROM new_rows) WHERE "name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "RowCount" SET "rows" = "rows" - (SELECT count(*) FROM old_rows) WHERE "name" = TG_TABLE_NAME;
  ELSE
    UPDATE "RowCount" SET "rows" = 0 WHERE "name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

-- The triggers first: creating them waits for the tables' writers and holds new ones until the
-- commit, so the counts below miss no row.
CREATE TRIGGER "Agent_count_insert" AFTER INSERT ON "Agent" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Agent_count_delete" AFTER DELETE ON "Agent" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Agent_count_truncate" AFTER TRUNCATE ON "Agent" FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Squad_count_insert" AFTER INSERT ON "Squad" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Squad_count_delete" AFTER DELETE ON "Squad" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Squad_count_truncate" AFTER TRUNCATE ON "Squad" FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Syndicate_count_insert" AFTER INSERT ON "Syndicate" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Syndicate_count_delete" AFTER DELETE ON "Syndicate" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();
CREATE TRIGGER "Syndicate_count_truncate" AFTER TRUNCATE ON "Syndicate" FOR EACH STATEMENT EXECUTE FUNCTION "syndicate_count_rows"();

INSERT INTO "RowCount" ("name", "rows")
SELECT 'Agent', count(*) FROM "Agent"
UNION ALL SELECT 'Squad', count(*) FROM "Squad"
UNION ALL SELECT 'Syndicate', count(*) FROM "Syndicate";
