import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { lessonMdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { formatMinutes } from "@/lib/content/minutes";
import {
  dashboardHref,
  findLessonForInstructor,
  instructorHref,
  previewHref,
} from "@/lib/instructor";
import { lessonRefSchema } from "@/lib/progress/schemas";
import { requireInstructorPage } from "../../../_components/access";
import { DraftBanner } from "../../../_components/draft-banner";
import styles from "../../../_components/instructor.module.css";

interface PreviewParams {
  params: Promise<{ course: string; lesson: string }>;
}

export const metadata: Metadata = { title: "Lesson preview", robots: { index: false } };

/** A lesson's overview as learners will see it, drafts included, rendered on each request. */
export default async function LessonPreviewPage({ params }: PreviewParams) {
  await requireInstructorPage();
  const ids = lessonRefSchema.safeParse(await params);
  if (!ids.success) notFound();
  const lesson = findLessonForInstructor(ids.data.course, ids.data.lesson);
  if (!lesson) notFound();
  const { Content } = await compileMdx(lesson.file, lesson.body);

  return (
    <div>
      <Breadcrumbs
        trail={[
          { label: "Instructor", href: instructorHref() },
          { label: "Dashboard", href: dashboardHref(lesson.courseSlug, lesson.slug) },
        ]}
      />
      <DraftBanner draft={lesson.draft} />
      <h1>{lesson.title}</h1>
      <p className={styles.lede}>
        {lesson.summary} · {lesson.minutes} min read
        {lesson.practiceMinutes ? ` · ${formatMinutes(lesson.practiceMinutes)} practice` : ""}
      </p>
      <div className="prose">
        <Content components={lessonMdxComponents({ lesson, mdxFile: lesson.file })} />
      </div>
      <h2>Sections</h2>
      <ol>
        {lesson.sections.map((section) => (
          <li key={section.slug}>
            <Link href={previewHref(lesson.courseSlug, lesson.slug, section.slug)}>
              {section.title}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
