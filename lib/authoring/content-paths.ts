import fs from "node:fs";
import path from "node:path";
import { parseOrderedName } from "@/lib/content/ordered-name";
import { slugPattern } from "@/lib/content/slug";

// Finding folders in the content tree by slug, for the scaffolding commands. They work on the raw
// folders rather than through the loader so that `npm run new` still works while some other file in
// the tree is broken (which is exactly when an author is in the middle of writing).

export interface FoundFolder {
  dir: string;
  slug: string;
  order: number;
}

/** Child folders of `dir` whose slug (with or without an NN. prefix) is known. */
export function listFolders(dir: string): FoundFolder[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => {
      const ordered = parseOrderedName(entry.name);
      return {
        dir: path.join(dir, entry.name),
        slug: ordered?.slug ?? entry.name,
        order: ordered?.order ?? 0,
      };
    });
}

export function findCourseDir(root: string, courseSlug: string): FoundFolder | undefined {
  return listFolders(path.join(root, "courses")).find((course) => course.slug === courseSlug);
}

export function findLessonDir(courseDir: string, lessonSlug: string): FoundFolder | undefined {
  return listFolders(path.join(courseDir, "lessons")).find((lesson) => lesson.slug === lessonSlug);
}

/** Every lesson with this slug, in any course: `new exercise <lesson>/<slug>` needs exactly one. */
export function findLessonsBySlug(
  root: string,
  lessonSlug: string,
): { course: FoundFolder; lesson: FoundFolder }[] {
  return listFolders(path.join(root, "courses")).flatMap((course) => {
    const lesson = findLessonDir(course.dir, lessonSlug);
    return lesson ? [{ course, lesson }] : [];
  });
}

/** The next NN. prefix in a folder: one more than the highest, two digits at least. */
export function nextPrefix(siblings: readonly FoundFolder[]): string {
  const next = Math.max(0, ...siblings.map((sibling) => sibling.order)) + 1;
  return String(next).padStart(2, "0");
}

export function isSlug(value: string): boolean {
  return slugPattern.test(value);
}

/** "leaky-vs-token" → "Leaky vs token": a placeholder title the author will replace. */
export function titleFromSlug(slug: string): string {
  const words = slug.split("-").join(" ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "token-bucket" → "TokenBucket", for a scaffolded exercise's class name. */
export function classNameFromSlug(slug: string): string {
  const name = slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
  return /^[A-Z]/.test(name) ? name : `Exercise${name}`;
}

/** Writes files under `dir` (relative paths), creating folders; never overwrites. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): string[] {
  const written: string[] = [];
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text, { flag: "wx" });
    written.push(file);
  }
  return written;
}
