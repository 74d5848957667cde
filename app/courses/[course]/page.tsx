import type { Metadata } from "next";
import { getCatalog, requireCourse } from "@/app/_components/content-lookup";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import { LessonCard } from "@/app/_components/lesson-card";
import { mdxComponents } from "@/app/_components/mdx/mdx-components";
import { compileMdx } from "@/lib/content/compile-mdx";
import styles from "./course.module.css";

interface CourseParams {
  params: Promise<{ course: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return getCatalog().courses.map((course) => ({ course: course.slug }));
}

export async function generateMetadata({ params }: CourseParams): Promise<Metadata> {
  const course = requireCourse((await params).course);
  return { title: course.title, description: course.summary };
}

export default async function CoursePage({ params }: CourseParams) {
  const course = requireCourse((await params).course);
  const { Content } = await compileMdx(course.file, course.body);
  return (
    <>
      <Breadcrumbs trail={[{ label: "Courses", href: "/" }]} />
      <h1>{course.title}</h1>
      <p className={styles.lede}>{course.summary}</p>
      <div className="prose">
        <Content components={mdxComponents} />
      </div>
      <h2 className={styles.lessonsTitle}>Lessons</h2>
      {course.lessons.length > 0 ? (
        <ol className={styles.lessons}>
          {course.lessons.map((lesson) => (
            <li key={lesson.slug}>
              <LessonCard lesson={lesson} headingLevel={3} />
            </li>
          ))}
        </ol>
      ) : (
        <p>Lessons for this course are being written.</p>
      )}
    </>
  );
}
