-- DropIndex
DROP INDEX "submission_exerciseId_verdict_idx";

-- CreateTable
CREATE TABLE "submission_failure" (
    "id" SERIAL NOT NULL,
    "submissionId" TEXT NOT NULL,
    "exerciseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "test" TEXT NOT NULL,
    "category" TEXT,

    CONSTRAINT "submission_failure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "submission_exerciseId_verdict_userId_createdAt_idx" ON "submission"("exerciseId", "verdict", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "submission_failure_exerciseId_test_category_userId_idx" ON "submission_failure"("exerciseId", "test", "category", "userId");

-- CreateIndex
CREATE INDEX "submission_failure_submissionId_idx" ON "submission_failure"("submissionId");

-- AddForeignKey
ALTER TABLE "submission_failure" ADD CONSTRAINT "submission_failure_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (docs/decisions/060-instructor-dashboard-figures.md): every submission that was not
-- accepted adds one submission_failure row per hidden test that did not pass, taken from its results
-- document, inside the insert's own transaction. Prisma's schema cannot express a trigger.
CREATE FUNCTION "submission_failure_from_results"() RETURNS trigger AS $$
BEGIN
    IF NEW."verdict" <> 'accepted' THEN
        BEGIN
            INSERT INTO "submission_failure" ("submissionId", "exerciseId", "userId", "test", "category")
            SELECT NEW."id", NEW."exerciseId", NEW."userId", t.value ->> 'name', t.value ->> 'category'
            FROM jsonb_array_elements(
                CASE WHEN jsonb_typeof(NEW."results"::jsonb -> 'tests') = 'array'
                     THEN NEW."results"::jsonb -> 'tests' ELSE '[]'::jsonb END) AS t(value)
            WHERE (t.value ->> 'hidden') = 'true'
              AND (t.value ->> 'status') <> 'pass'
              AND jsonb_typeof(t.value -> 'name') = 'string';
        EXCEPTION WHEN invalid_text_representation THEN
            -- Not JSON: nothing to tally, and the submission itself must still be stored.
            NULL;
        END;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "submission_failure_from_results"
AFTER INSERT ON "submission"
FOR EACH ROW EXECUTE FUNCTION "submission_failure_from_results"();

-- Submissions stored before this migration.
INSERT INTO "submission_failure" ("submissionId", "exerciseId", "userId", "test", "category")
SELECT s."id", s."exerciseId", s."userId", t.value ->> 'name', t.value ->> 'category'
FROM "submission" AS s
CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(s."results"::jsonb -> 'tests') = 'array'
         THEN s."results"::jsonb -> 'tests' ELSE '[]'::jsonb END) AS t(value)
WHERE s."verdict" <> 'accepted'
  AND (t.value ->> 'hidden') = 'true'
  AND (t.value ->> 'status') <> 'pass'
  AND jsonb_typeof(t.value -> 'name') = 'string';
