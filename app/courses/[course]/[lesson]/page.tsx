import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { getCatalog, requireLesson } from "@/app/_components/content-lookup";
import { LessonMeta } from "@/app/_components/lesson-card";
import { lessonOutline } from "@/app/_components/lesson-outline";
import { LessonSectionsNote } from "@/app/_components/lesson-sections-note";
import { LessonStanding } from "@/app/_components/progress/lesson-standing";
import { ExerciseList } from "@/app/_components/mdx/exercise-list";
import { MockInterviewLink } from "@/app/interview/_components/interview-link";
import { hasInterview } from "@/lib/interview/load-interview";
import { lessonMdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { courseHref, sectionHref } from "@/lib/content/urls";
import styles from "./lesson.module.css";

interface LessonParams {
  params: Promise<{ course: string; lesson: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.map((lesson) => ({ course: course.slug, lesson: lesson.slug })),
  );
}

export async function generateMetadata({ params }: LessonParams): Promise<Metadata> {
  const { course, lesson } = await params;
  const found = requireLesson(course, lesson).lesson;
  return { title: found.title, description: found.summary };
}

export default async function LessonPage({ params }: LessonParams) {
  const { course: courseSlug, lesson: lessonSlug } = await params;
  const { course, lesson } = requireLesson(courseSlug, lessonSlug);
  const { Content } = await compileMdx(lesson.file, lesson.body);
  const first = lesson.sections[0]!;

  return (
    <div className={styles.overview}>
      <Breadcrumbs
        trail={[
          { label: "Courses", href: "/" },
          { label: course.title, href: courseHref(course.slug) },
        ]}
      />
      <h1>{lesson.title}</h1>
      <p className={styles.lede}>{lesson.summary}</p>
      <LessonMeta lesson={lesson} />

      <div className={styles.actions}>
        <LessonStanding
          course={course.slug}
          lesson={lesson.slug}
          outline={lessonOutline(lesson)}
          linkClassName={styles.primary}
          fallback={{
            href: sectionHref(course.slug, lesson.slug, first.slug),
            label: "Start the lesson",
          }}
        />
        <MockInterviewLink lesson={{ ...lesson, hasInterview: hasInterview(lesson) }} />
      </div>

      <div className="prose">
        <Content components={lessonMdxComponents({ lesson, mdxFile: lesson.file })} />
      </div>

      <h2 className={styles.heading}>Sections</h2>
      <LessonSectionsNote lesson={lesson} />
      <ol className={styles.sections}>
        {lesson.sections.map((section, index) => (
          <li key={section.slug}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <Link
                href={sectionHref(course.slug, lesson.slug, section.slug)}
                className={styles.sectionLink}
              >
                {section.title}
              </Link>
              {section.summary ? <p className={styles.sectionSummary}>{section.summary}</p> : null}
            </div>
          </li>
        ))}
      </ol>

      {lesson.exercises.length > 0 ? (
        <>
          <h2 className={styles.heading}>Exercises</h2>
          <ExerciseList lesson={lesson} />
        </>
      ) : null}
    </div>
  );
}
