import type { Metadata } from "next";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { getCatalog, requireLesson } from "@/app/_components/content-lookup";
import { EditorPrefetch } from "@/app/_components/exercise/editor-prefetch";
import { ExerciseList } from "@/app/_components/mdx/exercise-list";
import { courseHref, lessonHref } from "@/lib/content/urls";
import styles from "@/app/_components/exercise/exercise-page.module.css";

interface ExercisesParams {
  params: Promise<{ course: string; lesson: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.map((lesson) => ({ course: course.slug, lesson: lesson.slug })),
  );
}

export async function generateMetadata({ params }: ExercisesParams): Promise<Metadata> {
  const { course, lesson } = await params;
  const found = requireLesson(course, lesson).lesson;
  return {
    title: `Exercises — ${found.title}`,
    description: `Runnable exercises for “${found.title}”.`,
  };
}

/** The lesson's exercises, in order; each card opens the exercise page. */
export default async function ExercisesPage({ params }: ExercisesParams) {
  const slugs = await params;
  const { course, lesson } = requireLesson(slugs.course, slugs.lesson);
  return (
    <div>
      <EditorPrefetch />
      <Breadcrumbs
        trail={[
          { label: "Courses", href: "/" },
          { label: course.title, href: courseHref(course.slug) },
          { label: lesson.title, href: lessonHref(course.slug, lesson.slug) },
        ]}
      />
      <header className={styles.header}>
        <h1 className={styles.title}>Exercises</h1>
        <p className={styles.meta}>
          Write each limiter yourself. Run checks it against the visible tests in your browser;
          Submit judges it on the server against the full suite, hidden tests included.
        </p>
      </header>
      <ExerciseList lesson={lesson} />
    </div>
  );
}
