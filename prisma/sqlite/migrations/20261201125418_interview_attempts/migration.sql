-- CreateTable
CREATE TABLE "interview_attempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "course" TEXT NOT NULL,
    "lesson" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "timeUsedMs" INTEGER NOT NULL,
    "timeLimitMs" INTEGER NOT NULL,
    "details" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "interview_attempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "interview_mark" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "attemptId" TEXT NOT NULL,
    "course" TEXT NOT NULL,
    "lesson" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "point" TEXT NOT NULL,
    "said" BOOLEAN NOT NULL,
    CONSTRAINT "interview_mark_attemptId_fkey" FOREIGN KEY ("attemptId") REFERENCES "interview_attempt" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "interview_attempt_userId_course_lesson_kind_createdAt_idx" ON "interview_attempt"("userId", "course", "lesson", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "interview_mark_course_lesson_kind_part_point_idx" ON "interview_mark"("course", "lesson", "kind", "part", "point");

-- CreateIndex
CREATE INDEX "interview_mark_attemptId_idx" ON "interview_mark"("attemptId");
