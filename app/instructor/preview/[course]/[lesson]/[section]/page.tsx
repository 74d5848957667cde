import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { lessonMdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import { findSection } from "@/lib/content/loader";
import { findLessonForInstructor, instructorHref, previewHref } from "@/lib/instructor";
import { sectionRefSchema } from "@/lib/progress/schemas";
import { requireInstructorPage } from "../../../../_components/access";
import { DraftBanner } from "../../../../_components/draft-banner";
import styles from "../../../../_components/instructor.module.css";

interface PreviewParams {
  params: Promise<{ course: string; lesson: string; section: string }>;
}

export const metadata: Metadata = { title: "Section preview", robots: { index: false } };

/** One section as learners will see it, drafts included, rendered on each request. */
export default async function SectionPreviewPage({ params }: PreviewParams) {
  await requireInstructorPage();
  const ids = sectionRefSchema.safeParse(await params);
  if (!ids.success) notFound();
  const lesson = findLessonForInstructor(ids.data.course, ids.data.lesson);
  const section = lesson ? findSection(lesson, ids.data.section) : undefined;
  if (!lesson || !section) notFound();
  const { Content } = await compileMdx(section.file, section.body);
  const index = lesson.sections.indexOf(section);
  const previous = lesson.sections[index - 1];
  const next = lesson.sections[index + 1];
  const href = (slug: string) => previewHref(lesson.courseSlug, lesson.slug, slug);

  return (
    <article>
      <Breadcrumbs
        trail={[
          { label: "Instructor", href: instructorHref() },
          { label: lesson.title, href: previewHref(lesson.courseSlug, lesson.slug) },
        ]}
      />
      <DraftBanner draft={lesson.draft} />
      <p className={styles.note}>
        Section {index + 1} of {lesson.sections.length}
      </p>
      <h1>{section.title}</h1>
      {section.summary ? <p className={styles.lede}>{section.summary}</p> : null}
      <div className="prose">
        <Content components={lessonMdxComponents({ lesson, mdxFile: section.file })} />
      </div>
      <nav aria-label="Sections" className={styles.actions}>
        {previous ? <Link href={href(previous.slug)}>← {previous.title}</Link> : null}
        {next ? <Link href={href(next.slug)}>{next.title} →</Link> : null}
      </nav>
    </article>
  );
}
