import type { Metadata } from "next";
import Link from "next/link";
import { getCatalog, requireSection } from "@/app/_components/content-lookup";
import { EditorPrefetch } from "@/app/_components/exercise/editor-prefetch";
import { LessonParts } from "@/app/_components/lesson-parts";
import { LessonToc } from "@/app/_components/lesson-toc";
import { lessonMdxComponents } from "@/app/_components/mdx/mdx-components";
import { inlineValues } from "@/app/_components/mdx/value";
import { SectionReadTracker } from "@/app/_components/progress/section-read-tracker";
import { ResumeTracker } from "@/app/_components/resume-tracker";
import { SectionPager } from "@/app/_components/section-pager";
import { compileMdx } from "@/lib/content/compile-mdx";
import { lessonHref, sectionHref } from "@/lib/content/urls";
import styles from "./section.module.css";

interface SectionParams {
  params: Promise<{ course: string; lesson: string; section: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.flatMap((lesson) =>
      lesson.sections.map((section) => ({
        course: course.slug,
        lesson: lesson.slug,
        section: section.slug,
      })),
    ),
  );
}

export async function generateMetadata({ params }: SectionParams): Promise<Metadata> {
  const { course, lesson, section } = await params;
  const found = requireSection(course, lesson, section);
  return {
    title: `${found.section.title} — ${found.lesson.title}`,
    description: found.section.summary ?? found.lesson.summary,
  };
}

export default async function SectionPage({ params }: SectionParams) {
  const slugs = await params;
  const { course, lesson, section } = requireSection(slugs.course, slugs.lesson, slugs.section);
  const { Content, headings } = await compileMdx(section.file, section.body, {
    values: inlineValues({ lesson }),
    parts: true,
  });
  const index = lesson.sections.indexOf(section);
  const href = sectionHref(lesson.courseSlug, lesson.slug, section.slug);

  return (
    <div className={styles.layout}>
      <EditorPrefetch />
      <aside className={styles.sidebar}>
        <LessonToc lesson={lesson} currentSection={section.slug} headings={headings} />
      </aside>
      <article className={styles.article}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>
            <Link href={lessonHref(lesson.courseSlug, lesson.slug)}>{lesson.title}</Link>
            <span aria-hidden="true"> · </span>
            <span>
              Section {index + 1} of {lesson.sections.length}
            </span>
          </p>
          <h1>{section.title}</h1>
          {section.summary ? <p className={styles.lede}>{section.summary}</p> : null}
        </header>
        <div className="prose">
          <Content components={lessonMdxComponents({ lesson, mdxFile: section.file })} />
        </div>
        <SectionReadTracker
          course={lesson.courseSlug}
          lesson={lesson.slug}
          section={section.slug}
        />
        <SectionPager course={course} lesson={lesson} index={index} />
      </article>
      <LessonParts />
      <ResumeTracker
        course={lesson.courseSlug}
        lesson={lesson.slug}
        section={section.slug}
        title={section.title}
        href={href}
      />
    </div>
  );
}
