-- DropIndex
DROP INDEX "submission_exerciseId_verdict_idx";

-- CreateTable
CREATE TABLE "submission_failure" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "submissionId" TEXT NOT NULL,
    "exerciseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "test" TEXT NOT NULL,
    "category" TEXT,
    CONSTRAINT "submission_failure_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "submission_exerciseId_verdict_userId_createdAt_idx" ON "submission"("exerciseId", "verdict", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "submission_failure_exerciseId_test_category_userId_idx" ON "submission_failure"("exerciseId", "test", "category", "userId");

-- CreateIndex
CREATE INDEX "submission_failure_submissionId_idx" ON "submission_failure"("submissionId");

-- Hand-written (docs/decisions/060-instructor-dashboard-figures.md): every submission that was not
-- accepted adds one submission_failure row per hidden test that did not pass, taken from its results
-- document, inside the insert's own transaction. Prisma's schema cannot express a trigger.
CREATE TRIGGER "submission_failure_from_results"
AFTER INSERT ON "submission"
WHEN NEW."verdict" <> 'accepted' AND json_valid(NEW."results")
BEGIN
    INSERT INTO "submission_failure" ("submissionId", "exerciseId", "userId", "test", "category")
    SELECT NEW."id", NEW."exerciseId", NEW."userId",
           json_extract(t.value, '$.name'), json_extract(t.value, '$.category')
    FROM json_each(NEW."results", '$.tests') AS t
    WHERE json_extract(t.value, '$.hidden') = 1
      AND json_extract(t.value, '$.status') <> 'pass'
      AND json_type(t.value, '$.name') = 'text';
END;

-- Submissions stored before this migration.
INSERT INTO "submission_failure" ("submissionId", "exerciseId", "userId", "test", "category")
SELECT s."id", s."exerciseId", s."userId",
       json_extract(t.value, '$.name'), json_extract(t.value, '$.category')
FROM "submission" AS s, json_each(s."results", '$.tests') AS t
WHERE s."verdict" <> 'accepted' AND json_valid(s."results")
  AND json_extract(t.value, '$.hidden') = 1
  AND json_extract(t.value, '$.status') <> 'pass'
  AND json_type(t.value, '$.name') = 'text';
