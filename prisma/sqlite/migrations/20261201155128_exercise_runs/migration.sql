-- CreateTable
CREATE TABLE "exercise_run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "exerciseId" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "firstRunAt" DATETIME NOT NULL,
    "lastRunAt" DATETIME NOT NULL,
    CONSTRAINT "exercise_run_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "exercise_run_userId_exerciseId_key" ON "exercise_run"("userId", "exerciseId");
