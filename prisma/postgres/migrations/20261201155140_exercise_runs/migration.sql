-- CreateTable
CREATE TABLE "exercise_run" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "exerciseId" TEXT NOT NULL,
    "runs" INTEGER NOT NULL,
    "firstRunAt" TIMESTAMP(3) NOT NULL,
    "lastRunAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "exercise_run_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "exercise_run_userId_exerciseId_key" ON "exercise_run"("userId", "exerciseId");

-- AddForeignKey
ALTER TABLE "exercise_run" ADD CONSTRAINT "exercise_run_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
