import path from "node:path";
import { displayPath } from "@/lib/content/content-error";
import {
  classNameFromSlug,
  findCourseDir,
  findLessonDir,
  findLessonsBySlug,
  isSlug,
  listFolders,
  nextPrefix,
  titleFromSlug,
  writeFiles,
  type FoundFolder,
} from "./content-paths";
import { exerciseFiles } from "./exercise-template";
import type { ScaffoldResult } from "./scaffold-lesson";

export interface ScaffoldExerciseInput {
  root: string;
  /** "<course>/<lesson>/<slug>", or "<lesson>/<slug>" when only one course has that lesson. */
  target: string;
  title?: string;
}

/**
 * `npm run new -- exercise <course>/<lesson>/<slug>`: an exercise folder after the lesson's last
 * one, with a prompt, starter, solution, visible and hidden tests that the judge proves as written.
 */
export function scaffoldExercise({ root, target, title }: ScaffoldExerciseInput): ScaffoldResult {
  const parts = target.split("/");
  if (parts.some((part) => part === "") || parts.length < 2 || parts.length > 3) {
    return {
      ok: false,
      reason: `expected <course>/<lesson>/<exercise-slug> or <lesson>/<exercise-slug>, got "${target}"`,
    };
  }
  const slug = parts.at(-1)!;
  if (!isSlug(slug)) {
    return {
      ok: false,
      reason: `"${slug}" is not a slug: use lowercase words joined by hyphens, e.g. token-bucket`,
    };
  }
  const lesson =
    parts.length === 3 ? lessonIn(root, parts[0]!, parts[1]!) : onlyLesson(root, parts[0]!);
  if (!lesson.ok) return lesson;

  // Exercise ids are global: submissions and drafts store the id alone.
  const taken = allExercises(root).find((exercise) => exercise.slug === slug);
  if (taken) {
    return {
      ok: false,
      reason: `exercise id "${slug}" is already used by ${displayPath(taken.dir)}; ids are global, pick another`,
    };
  }
  const exercisesDir = path.join(lesson.dir, "exercises");
  const dir = path.join(exercisesDir, `${nextPrefix(listFolders(exercisesDir))}.${slug}`);
  const files = writeFiles(
    dir,
    exerciseFiles({ title: title ?? titleFromSlug(slug), className: classNameFromSlug(slug) }),
  );
  return { ok: true, dir, id: slug, files };
}

type LessonLookup = { ok: true; dir: string } | { ok: false; reason: string };

function lessonIn(root: string, courseSlug: string, lessonSlug: string): LessonLookup {
  const course = findCourseDir(root, courseSlug);
  if (!course) return { ok: false, reason: `no course "${courseSlug}" under ${displayPath(root)}` };
  const lesson = findLessonDir(course.dir, lessonSlug);
  if (!lesson) {
    const known = listFolders(path.join(course.dir, "lessons")).map((l) => l.slug);
    return {
      ok: false,
      reason: `course "${courseSlug}" has no lesson "${lessonSlug}" (it has: ${known.join(", ") || "none"})`,
    };
  }
  return { ok: true, dir: lesson.dir };
}

function onlyLesson(root: string, lessonSlug: string): LessonLookup {
  const found = findLessonsBySlug(root, lessonSlug);
  if (found.length === 1) return { ok: true, dir: found[0]!.lesson.dir };
  if (found.length === 0) return { ok: false, reason: `no course has a lesson "${lessonSlug}"` };
  const courses = found.map(({ course }) => course.slug).join(", ");
  return {
    ok: false,
    reason: `several courses have a lesson "${lessonSlug}" (${courses}): write <course>/${lessonSlug}/<slug>`,
  };
}

function allExercises(root: string): FoundFolder[] {
  return listFolders(path.join(root, "courses")).flatMap((course) =>
    listFolders(path.join(course.dir, "lessons")).flatMap((lesson) =>
      listFolders(path.join(lesson.dir, "exercises")),
    ),
  );
}
