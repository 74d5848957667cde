// The site's URL scheme for content, in one place (docs/decisions/001-urls.md).

export function courseHref(course: string): string {
  return `/courses/${course}`;
}

export function lessonHref(course: string, lesson: string): string {
  return `${courseHref(course)}/${lesson}`;
}

export function sectionHref(course: string, lesson: string, section: string): string {
  return `${lessonHref(course, lesson)}/${section}`;
}

export function exerciseHref(course: string, lesson: string, exercise: string): string {
  return `${lessonHref(course, lesson)}/exercises/${exercise}`;
}

/** A lib/limiters file the lesson shows on a page of its own ("token-bucket.ts" → …/code/token-bucket). */
export function limiterSourceHref(course: string, lesson: string, file: string): string {
  return `${lessonHref(course, lesson)}/code/${file.replace(/\.ts$/, "")}`;
}

/** The source of a lesson example (`examples/<id>.ts`), for "Edit and run" when the page shows only its output. */
export function exampleSourceHref(course: string, lesson: string, id: string): string {
  return `${lessonHref(course, lesson)}/examples/${id}.ts`;
}
