// The instructor pages' URLs, in one place (like lib/content/urls.ts for the learner's pages).

export function instructorHref(): string {
  return "/instructor";
}

/** The per-lesson dashboard: funnel, pass rates, failing hidden tests, traps and cards. */
export function dashboardHref(course: string, lesson: string): string {
  return `/instructor/${course}/${lesson}`;
}

/** One of the dashboard's tables as CSV. */
export function csvHref(course: string, lesson: string, table: string): string {
  return `/api/instructor/${course}/${lesson}/${table}.csv`;
}

/** A lesson (or one of its sections) as learners will see it, drafts included, with a banner. */
export function previewHref(course: string, lesson: string, section?: string): string {
  return `/instructor/preview/${course}/${lesson}${section ? `/${section}` : ""}`;
}

export function playgroundHref(exercise?: string): string {
  return `/instructor/playground${exercise ? `?exercise=${encodeURIComponent(exercise)}` : ""}`;
}
