import type { Db } from "@/lib/db/client";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Moves everything an anonymous learner did into the account they signed up for or signed in to,
 * in one transaction (called from better-auth's anonymous plugin, before it deletes the anonymous
 * user). Where both have a row for the same thing, the account keeps the better one: the earlier
 * read, the newer draft, the card reviewed more often, the Runs of an exercise added up. Submissions, trap attempts, review logs and
 * interview attempts are history: all of them move.
 */
export async function mergeUserData(db: Db, fromUserId: string, toUserId: string): Promise<void> {
  if (fromUserId === toUserId) return;
  await db.$transaction(async (tx) => {
    await mergeSectionReads(tx, fromUserId, toUserId);
    await mergeDrafts(tx, fromUserId, toUserId);
    await mergeReviewCards(tx, fromUserId, toUserId);
    await mergeExerciseRuns(tx, fromUserId, toUserId);
    const moved = { where: { userId: fromUserId }, data: { userId: toUserId } };
    await tx.submission.updateMany(moved);
    await tx.trapAttempt.updateMany(moved);
    await tx.reviewLog.updateMany(moved);
    await tx.interviewAttempt.updateMany(moved);
  });
}

async function mergeSectionReads(tx: Tx, from: string, to: string): Promise<void> {
  const theirs = await tx.sectionRead.findMany({ where: { userId: from } });
  for (const read of theirs) {
    const key = { userId: to, course: read.course, lesson: read.lesson, section: read.section };
    const mine = await tx.sectionRead.findUnique({ where: { userId_course_lesson_section: key } });
    if (!mine) {
      await tx.sectionRead.update({ where: { id: read.id }, data: { userId: to } });
    } else if (read.readAt < mine.readAt) {
      await tx.sectionRead.update({ where: { id: mine.id }, data: { readAt: read.readAt } });
    }
  }
}

async function mergeDrafts(tx: Tx, from: string, to: string): Promise<void> {
  const theirs = await tx.draft.findMany({ where: { userId: from } });
  for (const draft of theirs) {
    const key = { userId: to, exerciseId: draft.exerciseId };
    const mine = await tx.draft.findUnique({ where: { userId_exerciseId: key } });
    if (!mine) {
      // Say updatedAt again: @updatedAt would otherwise stamp the move as an edit.
      await tx.draft.update({
        where: { id: draft.id },
        data: { userId: to, updatedAt: draft.updatedAt },
      });
    } else if (draft.updatedAt > mine.updatedAt) {
      await tx.draft.update({
        where: { id: mine.id },
        data: { code: draft.code, updatedAt: draft.updatedAt },
      });
    }
  }
}

async function mergeExerciseRuns(tx: Tx, from: string, to: string): Promise<void> {
  const theirs = await tx.exerciseRun.findMany({ where: { userId: from } });
  for (const run of theirs) {
    const key = { userId: to, exerciseId: run.exerciseId };
    const mine = await tx.exerciseRun.findUnique({ where: { userId_exerciseId: key } });
    if (!mine) {
      await tx.exerciseRun.update({ where: { id: run.id }, data: { userId: to } });
      continue;
    }
    await tx.exerciseRun.update({
      where: { id: mine.id },
      data: {
        runs: mine.runs + run.runs,
        firstRunAt: run.firstRunAt < mine.firstRunAt ? run.firstRunAt : mine.firstRunAt,
        lastRunAt: run.lastRunAt > mine.lastRunAt ? run.lastRunAt : mine.lastRunAt,
      },
    });
  }
}

async function mergeReviewCards(tx: Tx, from: string, to: string): Promise<void> {
  const theirs = await tx.reviewCard.findMany({ where: { userId: from } });
  for (const card of theirs) {
    const key = { userId: to, course: card.course, lesson: card.lesson, card: card.card };
    const mine = await tx.reviewCard.findUnique({ where: { userId_course_lesson_card: key } });
    if (!mine) {
      await tx.reviewCard.update({ where: { id: card.id }, data: { userId: to } });
    } else if (card.reps > mine.reps) {
      const { id: _id, userId: _user, ...state } = card;
      await tx.reviewCard.update({ where: { id: mine.id }, data: state });
    }
  }
}
