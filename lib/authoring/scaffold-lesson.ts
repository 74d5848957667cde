import path from "node:path";
import {
  findCourseDir,
  findLessonDir,
  isSlug,
  listFolders,
  nextPrefix,
  titleFromSlug,
  writeFiles,
} from "./content-paths";
import { lessonFiles } from "./lesson-template";

export type ScaffoldResult =
  { ok: true; dir: string; id: string; files: string[] } | { ok: false; reason: string };

export interface ScaffoldLessonInput {
  /** The folder holding courses/. */
  root: string;
  /** "<course>/<lesson-slug>". */
  target: string;
  title?: string;
}

/**
 * `npm run new -- lesson <course>/<slug>`: a draft lesson after the course's last one, with all
 * eight sections and an example, that passes content:check as written.
 */
export function scaffoldLesson({ root, target, title }: ScaffoldLessonInput): ScaffoldResult {
  const parts = target.split("/");
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    return { ok: false, reason: `expected <course>/<lesson-slug>, got "${target}"` };
  }
  const [courseSlug, lessonSlug] = parts as [string, string];
  if (!isSlug(lessonSlug)) {
    return {
      ok: false,
      reason: `"${lessonSlug}" is not a slug: use lowercase words joined by hyphens, e.g. leaky-vs-token`,
    };
  }
  const course = findCourseDir(root, courseSlug);
  if (!course) {
    const known = listFolders(path.join(root, "courses")).map((c) => c.slug);
    return {
      ok: false,
      reason: `no course "${courseSlug}" under ${root}/courses (there: ${known.join(", ") || "none"})`,
    };
  }
  const existing = findLessonDir(course.dir, lessonSlug);
  if (existing) {
    return { ok: false, reason: `course "${courseSlug}" already has it: ${existing.dir}` };
  }
  const lessonsDir = path.join(course.dir, "lessons");
  const dir = path.join(lessonsDir, `${nextPrefix(listFolders(lessonsDir))}.${lessonSlug}`);
  const files = writeFiles(
    dir,
    lessonFiles({ courseSlug, lessonSlug, title: title ?? titleFromSlug(lessonSlug) }),
  );
  return { ok: true, dir, id: `${courseSlug}/${lessonSlug}`, files };
}
