import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { getCatalog, requireLesson } from "@/app/_components/content-lookup";
import { ExerciseWorkspace } from "@/app/_components/exercise/exercise-workspace";
import { ExerciseMarkLate } from "@/app/_components/progress/exercise-mark-late";
import { CodeFigure, HighlightedHtml } from "@/app/_components/mdx/code-block";
import { promptMdxComponents } from "@/app/_components/mdx/prompt-mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { loadExerciseForClient } from "@/lib/content/exercises";
import { highlightToHtml } from "@/lib/content/highlight";
import { judgeLimitsOf } from "@/lib/judge/exercise-limits";
import { courseHref, exerciseHref, lessonHref } from "@/lib/content/urls";
import styles from "@/app/_components/exercise/exercise-page.module.css";

interface ExerciseParams {
  params: Promise<{ course: string; lesson: string; exercise: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.flatMap((lesson) =>
      lesson.exercises.map((exercise) => ({
        course: course.slug,
        lesson: lesson.slug,
        exercise: exercise.slug,
      })),
    ),
  );
}

function requireExercise(courseSlug: string, lessonSlug: string, exerciseSlug: string) {
  const { course, lesson } = requireLesson(courseSlug, lessonSlug);
  const index = lesson.exercises.findIndex((e) => e.slug === exerciseSlug);
  if (index < 0) notFound();
  return { course, lesson, index, summary: lesson.exercises[index]! };
}

export async function generateMetadata({ params }: ExerciseParams): Promise<Metadata> {
  const slugs = await params;
  const { summary, lesson } = requireExercise(slugs.course, slugs.lesson, slugs.exercise);
  return { title: `${summary.title} — exercise — ${lesson.title}`, description: summary.summary };
}

/** The README's limits in the judge's terms, so Run in the browser enforces what Submit does. */
const difficultyLabels = { easy: "Easy", medium: "Medium", hard: "Hard" } as const;

/**
 * An exercise: the prompt (README.mdx, compiled at build time) beside the workspace. The page is
 * static; only the starter and the visible tests travel to the browser. The hidden tests and the
 * reference solution stay on the server (the solution route serves the latter on request).
 */
export default async function ExercisePage({ params }: ExerciseParams) {
  const slugs = await params;
  const { course, lesson, index, summary } = requireExercise(
    slugs.course,
    slugs.lesson,
    slugs.exercise,
  );
  const exercise = loadExerciseForClient(summary.slug);
  const { Content } = await compileMdx(exercise.readme.file, exercise.readme.body);
  const testsHtml = await highlightToHtml(exercise.visibleTests, "ts");
  const starterHtml = await highlightToHtml(exercise.starter, "ts");
  const previous = lesson.exercises[index - 1];
  const next = lesson.exercises[index + 1];

  return (
    <div className={styles.workspacePage}>
      <Breadcrumbs
        trail={[
          { label: "Courses", href: "/" },
          { label: course.title, href: courseHref(course.slug) },
          { label: lesson.title, href: lessonHref(course.slug, lesson.slug) },
          { label: "Exercises", href: `${lessonHref(course.slug, lesson.slug)}/exercises` },
        ]}
      />
      <header className={styles.workspaceHeader}>
        <h1 className={styles.workspaceTitle}>{summary.title}</h1>
        <p className={styles.meta}>
          <span>
            Exercise {index + 1} of {lesson.exercises.length}
          </span>
          <ExerciseMarkLate exercise={summary.slug} />
          <span className={styles.pill}>{difficultyLabels[summary.difficulty]}</span>
          {summary.concepts.map((concept) => (
            <span key={concept} className={styles.pill}>
              {concept}
            </span>
          ))}
        </p>
      </header>

      <ExerciseWorkspace
        key={summary.slug}
        course={course.slug}
        lesson={lesson.slug}
        exerciseId={summary.slug}
        title={summary.title}
        starter={exercise.starter}
        starterHtml={starterHtml}
        visibleTests={exercise.visibleTests}
        hints={summary.hints}
        typeDeclarations={exercise.judgeTypes}
        limits={judgeLimitsOf(exercise.limits)}
        prompt={
          <div className="prose">
            <Content components={promptMdxComponents} />
          </div>
        }
        testsView={
          <details className={styles.testsView}>
            <summary>The visible tests (what Run checks)</summary>
            <CodeFigure language="ts" caption="tests.ts">
              <HighlightedHtml html={testsHtml} />
            </CodeFigure>
          </details>
        }
      />

      <nav className={styles.pager} aria-label="Previous and next exercise">
        {previous && (
          <Link href={exerciseHref(course.slug, lesson.slug, previous.slug)} rel="prev">
            <small>Previous exercise</small>
            {previous.title}
          </Link>
        )}
        {next && (
          <Link
            href={exerciseHref(course.slug, lesson.slug, next.slug)}
            rel="next"
            className={styles.pagerNext}
          >
            <small>Next exercise</small>
            {next.title}
          </Link>
        )}
      </nav>
    </div>
  );
}
