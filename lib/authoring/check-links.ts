import { displayPath } from "@/lib/content/content-error";
import { findCourse, findLesson, findSection } from "@/lib/content/loader";
import { courseHref, exerciseHref, lessonHref, sectionHref } from "@/lib/content/urls";
import { matchesRoute } from "./app-routes";
import { headingIds, type ContentIndex, type MdxDocument } from "./content-index";
import { error, type AuthoringProblem } from "./problem";
import { suggestion } from "./suggest";

// Every internal link in every MDX file must land on a page that exists, and its #anchor on a heading
// of that page. Heading ids are the ones rehype-slug gives (see mdx-outline.ts), so renaming a heading
// breaks exactly the links the site would break.

type LinkProblem = { message: string; fix: string } | null;

const external = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function checkLinks(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  for (const document of index.documents) {
    for (const link of document.outline?.links ?? []) {
      const problem = resolveLink(index, document, link.href);
      if (problem) {
        problems.push(
          error(document.file, `link "${link.href}": ${problem.message}`, problem.fix, link.line),
        );
      }
    }
  }
  return problems;
}

function resolveLink(index: ContentIndex, from: MdxDocument, href: string): LinkProblem {
  if (external.test(href)) return null;
  const hashAt = href.indexOf("#");
  const target = (hashAt === -1 ? href : href.slice(0, hashAt)).replace(/\?.*$/, "");
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(href.slice(hashAt + 1));

  if (target === "") return checkAnchor(index, from.file, anchor, "this file");
  // A relative link is resolved by the browser against the page's URL, not the file's path:
  // "./next-move" from a section is a sibling section, from lesson.mdx it is a lesson.
  const relative = !target.startsWith("/");
  const page = pageUrl(from);
  const pathname = relative ? new URL(target, `http://site${page}`).pathname : target;
  const segments = pathname.split("/").filter(Boolean);
  const problem =
    segments[0] === "courses"
      ? resolveCourseLink(index, from, segments.slice(1), anchor)
      : matchesRoute(index.appRoutes, segments)
        ? null
        : { message: "no page has this path", fix: "link to an existing page of the site" };
  if (!problem || !relative) return problem;
  return {
    message: `${problem.message} (a relative link is resolved against the page ${page}, giving ${pathname})`,
    fix: `${problem.fix}; or write the full path, /courses/…`,
  };
}

function resolveCourseLink(
  index: ContentIndex,
  from: MdxDocument,
  [courseSlug, lessonSlug, third, fourth, ...rest]: string[],
  anchor: string | undefined,
): LinkProblem {
  if (!courseSlug) return { message: "there is no /courses page", fix: "link to / or a course" };
  const course = findCourse(index.catalog, courseSlug);
  if (!course) {
    return {
      message: `no course "${courseSlug}"`,
      fix: suggestion(
        courseSlug,
        index.catalog.courses.map((c) => c.slug),
        "course",
      ),
    };
  }
  if (!lessonSlug) return checkAnchor(index, course.file, anchor, `course "${course.slug}"`);

  const lesson = findLesson(course, lessonSlug);
  if (!lesson) {
    return {
      message: `course "${course.slug}" has no lesson "${lessonSlug}"`,
      fix: suggestion(
        lessonSlug,
        course.lessons.map((l) => l.slug),
        "lesson",
      ),
    };
  }
  if (lesson.draft && !from.lesson?.draft) {
    return {
      message: `lesson "${lesson.slug}" is a draft, so learners following this link get a 404`,
      fix: `publish it (draft: false in ${displayPath(lesson.file)}) or remove the link`,
    };
  }
  if (!third) return checkAnchor(index, lesson.file, anchor, `lesson "${lesson.slug}"`);

  if (third === "exercises") {
    if (!fourth)
      return rest.length === 0 && !anchor ? null : tooDeep(lessonHref(course.slug, lesson.slug));
    const exercise = lesson.exercises.find((candidate) => candidate.slug === fourth);
    if (!exercise) {
      return {
        message: `lesson "${lesson.slug}" has no exercise "${fourth}"`,
        fix: `${suggestion(
          fourth,
          lesson.exercises.map((e) => e.slug),
          "exercise",
        )}; to add it: npm run new -- exercise ${course.slug}/${lesson.slug}/${fourth}`,
      };
    }
    if (rest.length > 0) return tooDeep(exerciseHref(course.slug, lesson.slug, exercise.slug));
    return checkAnchor(index, exercise.file, anchor, `exercise "${exercise.slug}"`);
  }

  const section = findSection(lesson, third);
  if (!section) {
    return {
      message: `lesson "${lesson.slug}" has no section "${third}"`,
      fix: suggestion(
        third,
        lesson.sections.map((s) => s.slug),
        "section",
      ),
    };
  }
  if (fourth) return tooDeep(sectionHref(course.slug, lesson.slug, section.slug));
  return checkAnchor(index, section.file, anchor, `section "${section.slug}"`);
}

function checkAnchor(
  index: ContentIndex,
  file: string,
  anchor: string | undefined,
  where: string,
): LinkProblem {
  if (anchor === undefined || anchor === "") return null;
  const ids = headingIds(index, file);
  if (!ids || ids.includes(anchor)) return null;
  return {
    message: `${where} has no heading with the id "${anchor}"`,
    fix: `${suggestion(anchor, ids, "heading id")} (ids are the heading text in kebab-case, as rehype-slug makes them)`,
  };
}

/** The URL the document is rendered at. */
function pageUrl(document: MdxDocument): string {
  const { course, lesson, exercise } = document;
  if (!lesson) return courseHref(course.slug);
  if (exercise) return exerciseHref(course.slug, lesson.slug, exercise.slug);
  if (document.kind === "lesson") return lessonHref(course.slug, lesson.slug);
  // A trap's explanation is shown inside whichever section embeds it: any section URL resolves alike.
  if (document.kind === "trap") return sectionHref(course.slug, lesson.slug, "code-traps");
  const section = lesson.sections.find((candidate) => candidate.file === document.file);
  return sectionHref(course.slug, lesson.slug, section?.slug ?? "");
}

function tooDeep(parent: string): LinkProblem {
  return { message: "no page has this path", fix: `link to ${parent} or one of its sections` };
}
