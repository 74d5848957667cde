import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { getCatalog, requireLesson } from "@/app/_components/content-lookup";
import { LimiterFile } from "@/app/_components/mdx/limiter-source";
import type { Lesson } from "@/lib/content/loader";
import { limiterFilesOf, readLimiterSource } from "@/lib/content/limiter-source";
import { courseHref, lessonHref, sectionHref } from "@/lib/content/urls";
import styles from "./code.module.css";

// A production file of lib/limiters on a page of its own, for the files a lesson links to with
// <LimiterSource show="link">: the section stays light, the code is one click away (decision 140).

interface CodeParams {
  params: Promise<{ course: string; lesson: string; file: string }>;
}

export const dynamicParams = false;

function filesOf(lesson: Lesson): string[] {
  return limiterFilesOf(lesson.sections.map((section) => section.body));
}

export function generateStaticParams() {
  return getCatalog().courses.flatMap((course) =>
    course.lessons.flatMap((lesson) =>
      filesOf(lesson).map((file) => ({
        course: course.slug,
        lesson: lesson.slug,
        file: file.replace(/\.ts$/, ""),
      })),
    ),
  );
}

function requireFile(courseSlug: string, lessonSlug: string, slug: string) {
  const { course, lesson } = requireLesson(courseSlug, lessonSlug);
  const file = `${slug}.ts`;
  const sections = lesson.sections.filter((section) =>
    limiterFilesOf([section.body]).includes(file),
  );
  if (sections.length === 0) notFound();
  return { course, lesson, file, sections };
}

export async function generateMetadata({ params }: CodeParams): Promise<Metadata> {
  const slugs = await params;
  const { lesson, file } = requireFile(slugs.course, slugs.lesson, slugs.file);
  return {
    title: `lib/limiters/${file} — ${lesson.title}`,
    description: `The production code of lib/limiters/${file}, as the lesson's figures and the judge run it.`,
  };
}

export default async function CodePage({ params }: CodeParams) {
  const slugs = await params;
  const { course, lesson, file, sections } = requireFile(slugs.course, slugs.lesson, slugs.file);
  const source = readLimiterSource(file, sections[0]!.file);
  return (
    <article className={styles.page}>
      <Breadcrumbs
        trail={[
          { label: "Courses", href: "/" },
          { label: course.title, href: courseHref(course.slug) },
          { label: lesson.title, href: lessonHref(course.slug, lesson.slug) },
          ...sections.map((section) => ({
            label: section.title,
            href: sectionHref(course.slug, lesson.slug, section.slug),
          })),
        ]}
      />
      <h1 className={styles.title}>
        <code>lib/limiters/{file}</code>
      </h1>
      <p className={styles.lede}>
        The file exactly as the site runs it: the lesson&apos;s figures are computed with it, and
        the exercises judge your code against it.
      </p>
      <LimiterFile file={file} source={source} />
    </article>
  );
}
