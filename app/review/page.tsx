import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { toFlashcardData } from "@/app/_components/cards/flashcard-data";
import { LocalTime } from "@/app/_components/cards/local-time";
import { ReviewBoard } from "@/app/_components/cards/review-board";
import { getCatalog } from "@/app/_components/content-lookup";
import { MockInterviewLink } from "@/app/interview/_components/interview-link";
import { systemWallClock } from "@/lib/time/wall-clock";
import { getViewer } from "@/lib/auth";
import { listCardStates, listReviewTimes } from "@/lib/progress/app-progress";
import { buildReviewQueue, reviewStreak } from "@/lib/review";
import { loadCatalogCards } from "@/lib/review/load-cards";
import styles from "@/app/_components/cards/cards.module.css";

export const metadata: Metadata = {
  title: "Review",
  description: "The cards due now, scheduled by FSRS from your own grades.",
};
// One learner's schedule: rendered per request, never cached.
export const dynamic = "force-dynamic";

export default async function ReviewPage() {
  const viewer = await getViewer(await headers());
  const now = systemWallClock.now();
  const [states, reviewTimes] = viewer
    ? await Promise.all([listCardStates(viewer), listReviewTimes(viewer)])
    : [[], []];
  const queue = buildReviewQueue(loadCatalogCards(getCatalog()), states, now);
  const streak = reviewStreak(reviewTimes, now);
  const cards = queue.entries.map((entry) => toFlashcardData(entry.card));

  return (
    <div className={styles.page}>
      <h1>Review</h1>
      <p className={styles.lede}>
        Write your answer, reveal the model one, and grade yourself. Your grades decide when each
        card comes back: just before you would forget it.
      </p>
      <p>
        Practise saying it aloud too: <MockInterviewLink />
      </p>
      <ReviewBoard
        cards={cards}
        newKeys={queue.entries
          .filter((entry) => entry.state === null)
          .map((entry) => `${entry.card.course}/${entry.card.lesson}/${entry.card.id}`)}
        dueCount={queue.dueCount}
        newCount={queue.newCount}
        nextDue={queue.nextDue?.toISOString() ?? null}
        streak={streak}
      />
      {cards.length === 0 && (
        <p className={styles.done} data-testid="session-done">
          Nothing is due.{" "}
          {queue.nextDue ? (
            <>
              The next card is due <LocalTime value={queue.nextDue} />.
            </>
          ) : (
            <>
              Cards arrive from a lesson&rsquo;s <Link href="/">Check Yourself</Link> questions and
              from the code traps you predict wrong.
            </>
          )}
        </p>
      )}
    </div>
  );
}
