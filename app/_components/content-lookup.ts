import { notFound } from "next/navigation";
import { cache } from "react";
import { findCourse, findLesson, findSection, loadCatalog } from "@/lib/content/loader";

// Pages look content up through here: one catalogue load per render, and an unknown slug becomes the
// 404 page instead of an exception.

export const getCatalog = cache(() => loadCatalog());

export function requireCourse(courseSlug: string) {
  const course = findCourse(getCatalog(), courseSlug);
  if (!course) notFound();
  return course;
}

export function requireLesson(courseSlug: string, lessonSlug: string) {
  const course = requireCourse(courseSlug);
  const lesson = findLesson(course, lessonSlug);
  if (!lesson) notFound();
  return { course, lesson };
}

export function requireSection(courseSlug: string, lessonSlug: string, sectionSlug: string) {
  const { course, lesson } = requireLesson(courseSlug, lessonSlug);
  const section = findSection(lesson, sectionSlug);
  if (!section) notFound();
  return { course, lesson, section };
}
