import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getCatalog } from "@/app/_components/content-lookup";
import { exerciseHref, lessonHref, sectionHref } from "@/lib/content/urls";
import { getViewer } from "@/lib/auth";
import { progressOverview } from "@/lib/progress/app-progress";
import type { ProgressOverview } from "@/lib/progress/account";
import { EXERCISE_STATUS_LABELS, exerciseStatus } from "@/lib/progress/exercise-status";
import { verdictLabel } from "@/lib/judge/verdict-labels";
import styles from "../page.module.css";

export const metadata: Metadata = { title: "My progress" };
// One learner's data: rendered per request, never cached.
export const dynamic = "force-dynamic";

export default async function ProgressPage() {
  const viewer = await getViewer(await headers());
  const overview = viewer ? await progressOverview(viewer) : null;

  return (
    <div className={styles.page}>
      <h1>My progress</h1>
      {viewer?.anonymous ? (
        <p className={styles.lede}>
          Saved in this browser only. <Link href="/sign-up">Create an account</Link> to keep it on
          every device.
        </p>
      ) : null}
      {overview ? <Overview overview={overview} /> : <Empty />}
    </div>
  );
}

function Empty() {
  return (
    <p className={styles.lede}>
      Nothing yet. <Link href="/">Start a lesson</Link>: progress is saved from the first section
      you finish, no sign-up needed.
    </p>
  );
}

function Overview({ overview }: { overview: ProgressOverview }) {
  const { counts } = overview;
  const stats: [string, number][] = [
    ["Day streak", overview.streak],
    ["Sections read", counts.sectionsRead],
    ["Exercises solved", counts.exercisesSolved],
    [
      "Exercises attempted",
      Object.values(overview.exercises).filter((e) => exerciseStatus(e) !== "untouched").length,
    ],
    ["Submissions", counts.submissions],
    ["Traps predicted", counts.trapsPredicted],
    ["Traps fixed", counts.trapsFixed],
    ["Cards due", counts.cardsDue],
  ];
  const read = new Map(
    overview.lessons.map((l) => [`${l.course}/${l.lesson}`, new Set(l.sectionsRead)]),
  );

  return (
    <>
      <ul className={styles.grid} aria-label="Summary">
        {stats.map(([label, value]) => (
          <li key={label} className={styles.stat}>
            <strong>{value}</strong>
            {label}
          </li>
        ))}
      </ul>
      {getCatalog().courses.map((course) => (
        <section key={course.slug} aria-labelledby={`course-${course.slug}`}>
          <h2 id={`course-${course.slug}`}>{course.title}</h2>
          {course.lessons.map((lesson) => {
            const done = read.get(`${course.slug}/${lesson.slug}`) ?? new Set<string>();
            const sectionsRead = lesson.sections.filter((s) => done.has(s.slug)).length;
            const traps = overview.traps.filter(
              (t) => t.course === course.slug && t.lesson === lesson.slug,
            );
            return (
              <article
                key={lesson.slug}
                className={styles.lesson}
                data-testid={`progress-${lesson.slug}`}
              >
                <h3>
                  <Link href={lessonHref(course.slug, lesson.slug)}>{lesson.title}</Link>
                </h3>
                <p>
                  {sectionsRead} of {lesson.sections.length} sections read
                </p>
                <progress
                  max={lesson.sections.length}
                  value={sectionsRead}
                  aria-label={`${lesson.title}: sections read`}
                />
                <ol className={styles.list}>
                  {lesson.sections.map((section) => (
                    <li key={section.slug}>
                      <Link href={sectionHref(course.slug, lesson.slug, section.slug)}>
                        {section.title}
                      </Link>
                      {done.has(section.slug) ? <span className={styles.done}> ✓ read</span> : null}
                    </li>
                  ))}
                </ol>
                {lesson.exercises.length > 0 ? (
                  <table className={styles.table}>
                    <caption>Exercises</caption>
                    <thead>
                      <tr>
                        <th scope="col">Exercise</th>
                        <th scope="col">Standing</th>
                        <th scope="col">Best verdict</th>
                        <th scope="col">Submissions</th>
                      </tr>
                    </thead>
                    <tbody>
                      {lesson.exercises.map((exercise) => {
                        const progress = overview.exercises[exercise.slug];
                        const status = exerciseStatus(progress);
                        return (
                          <tr key={exercise.slug}>
                            <td>
                              <Link href={exerciseHref(course.slug, lesson.slug, exercise.slug)}>
                                {exercise.title}
                              </Link>
                            </td>
                            <td
                              data-testid="exercise-standing"
                              data-status={status}
                              className={status === "solved" ? styles.done : undefined}
                            >
                              {EXERCISE_STATUS_LABELS[status]}
                            </td>
                            <td>
                              {progress?.bestVerdict ? verdictLabel(progress.bestVerdict) : "—"}
                            </td>
                            <td>{progress?.attempts ?? 0}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                ) : null}
                {traps.length > 0 ? (
                  <p>
                    Traps: {traps.filter((t) => t.predicted).length} predicted (
                    {traps.filter((t) => t.predictedCorrectly).length} correctly),{" "}
                    {traps.filter((t) => t.fixed).length} fixed.
                  </p>
                ) : null}
              </article>
            );
          })}
        </section>
      ))}
      <p>
        {overview.cardsDue > 0
          ? `${overview.cardsDue} review card${overview.cardsDue === 1 ? "" : "s"} due now.`
          : "No review cards due."}
      </p>
    </>
  );
}
