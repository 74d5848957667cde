import fs from "node:fs";
import path from "node:path";
import { ContentError } from "./content-error";
import { parseOrderedName } from "./ordered-name";
import { slugPattern } from "./slug";
import { readMdxFile } from "./read-mdx-file";
import {
  courseFrontmatterSchema,
  exerciseFrontmatterSchema,
  lessonFrontmatterSchema,
  sectionFrontmatterSchema,
  type Difficulty,
} from "./schemas";

// The one place that walks content/. Everything the site shows comes from the tree on disk, so a new
// lesson folder (or course folder) appears in the catalogue without a code change.

export interface Section {
  slug: string;
  order: number;
  title: string;
  summary?: string;
  file: string;
  body: string;
}

export interface ExerciseSummary {
  slug: string;
  order: number;
  title: string;
  summary: string;
  difficulty: Difficulty;
  concepts: string[];
  hints: string[];
  dir: string;
  file: string;
}

export interface Lesson {
  courseSlug: string;
  slug: string;
  order: number;
  title: string;
  summary: string;
  /** Reading time only. */
  minutes: number;
  /** Time for the exercises, traps and cards, when the lesson states it. */
  practiceMinutes?: number;
  tags: string[];
  draft: boolean;
  dir: string;
  file: string;
  body: string;
  sections: Section[];
  exercises: ExerciseSummary[];
}

export interface Course {
  slug: string;
  order: number;
  title: string;
  summary: string;
  dir: string;
  file: string;
  body: string;
  lessons: Lesson[];
}

export interface Catalog {
  root: string;
  courses: Course[];
}

export interface LoadOptions {
  /** The folder holding `courses/`. Tests point it at fixtures. */
  root?: string;
  /** Drafts are hidden from learners; an instructor preview will pass true. */
  includeDrafts?: boolean;
}

export const defaultContentRoot = path.join(process.cwd(), "content");

/**
 * A URL segment under a lesson that belongs to another route (`/courses/c/l/exercises/<id>`), so no
 * section may take it as its slug.
 */
const reservedSectionSlugs = new Set(["exercises"]);

/**
 * Reads and validates the whole content tree. Every problem in every file is reported at once, in a
 * single ContentError whose lines each name the file, the field and the reason.
 */
export function loadCatalog(options: LoadOptions = {}): Catalog {
  const root = options.root ?? defaultContentRoot;
  const coursesDir = path.join(root, "courses");
  if (!isDirectory(coursesDir)) throw new ContentError(coursesDir, ["folder not found"]);

  const errors: ContentError[] = [];
  const courses = collect(errors, listEntries(coursesDir, "dir"), (name) =>
    loadCourse(path.join(coursesDir, name), name, options.includeDrafts ?? false, errors),
  );
  rejectDuplicates(errors, coursesDir, courses, "course");
  if (errors.length > 0) throw ContentError.combine(errors);
  return { root, courses: courses.sort(byOrderThenSlug) };
}

export function findCourse(catalog: Catalog, slug: string): Course | undefined {
  return catalog.courses.find((course) => course.slug === slug);
}

export function findLesson(course: Course, slug: string): Lesson | undefined {
  return course.lessons.find((lesson) => lesson.slug === slug);
}

export function findSection(lesson: Lesson, slug: string): Section | undefined {
  return lesson.sections.find((section) => section.slug === slug);
}

function loadCourse(
  dir: string,
  name: string,
  includeDrafts: boolean,
  errors: ContentError[],
): Course {
  // A course folder may carry an order prefix like lessons do, or just be its slug.
  const ordered = parseOrderedName(name);
  const slug = ordered?.slug ?? name;
  if (!slugPattern.test(slug)) {
    throw new ContentError(dir, [`folder name must be a lowercase-hyphenated slug, got "${name}"`]);
  }
  const { file, frontmatter, body } = readMdxFile(
    requireFile(path.join(dir, "course.mdx")),
    courseFrontmatterSchema,
  );
  const lessonsDir = path.join(dir, "lessons");
  const lessonNames = isDirectory(lessonsDir) ? listEntries(lessonsDir, "dir") : [];
  const lessons = collect(errors, lessonNames, (lessonName) =>
    loadLesson(path.join(lessonsDir, lessonName), lessonName, slug, errors),
  );
  rejectDuplicates(errors, lessonsDir, lessons, "lesson");
  return {
    slug,
    order: frontmatter.order ?? ordered?.order ?? Number.MAX_SAFE_INTEGER,
    title: frontmatter.title,
    summary: frontmatter.summary,
    dir,
    file,
    body,
    lessons: lessons.filter((lesson) => includeDrafts || !lesson.draft).sort(byOrderThenSlug),
  };
}

function loadLesson(dir: string, name: string, courseSlug: string, errors: ContentError[]): Lesson {
  const ordered = requireOrderedName(dir, name, "NN.slug");
  // The lesson's own file, its sections and its exercises are all checked even when one is wrong, so
  // the author sees every problem in one build.
  const meta = attempt(errors, () =>
    readMdxFile(requireFile(path.join(dir, "lesson.mdx")), lessonFrontmatterSchema),
  );

  const sectionsDir = path.join(dir, "sections");
  const sectionFiles = isDirectory(sectionsDir)
    ? listEntries(sectionsDir, "file").filter((entry) => entry.endsWith(".mdx"))
    : [];
  if (sectionFiles.length === 0) {
    errors.push(
      new ContentError(sectionsDir, ["a lesson needs at least one section (NN.slug.mdx)"]),
    );
  }
  const sections = collect(errors, sectionFiles, (fileName) =>
    loadSection(path.join(sectionsDir, fileName), fileName),
  );
  rejectDuplicates(errors, sectionsDir, sections, "section");

  const exercisesDir = path.join(dir, "exercises");
  const exerciseNames = isDirectory(exercisesDir) ? listEntries(exercisesDir, "dir") : [];
  const exercises = collect(errors, exerciseNames, (exerciseName) =>
    loadExerciseSummary(path.join(exercisesDir, exerciseName), exerciseName),
  );
  rejectDuplicates(errors, exercisesDir, exercises, "exercise");

  // Already reported above; this only keeps a broken lesson out of the catalogue.
  if (!meta) throw new ContentError(dir, []);
  const { file, frontmatter, body } = meta;
  return {
    courseSlug,
    slug: ordered.slug,
    order: frontmatter.order ?? ordered.order,
    title: frontmatter.title,
    summary: frontmatter.summary,
    minutes: frontmatter.minutes,
    ...(frontmatter.practiceMinutes ? { practiceMinutes: frontmatter.practiceMinutes } : {}),
    tags: frontmatter.tags,
    draft: frontmatter.draft,
    dir,
    file,
    body,
    sections: sections.sort(byOrderThenSlug),
    exercises: exercises.sort(byOrderThenSlug),
  };
}

function loadSection(file: string, fileName: string): Section {
  const ordered = requireOrderedName(file, fileName.slice(0, -".mdx".length), "NN.slug.mdx");
  if (reservedSectionSlugs.has(ordered.slug)) {
    throw new ContentError(file, [
      `"${ordered.slug}" is reserved for another page; rename the file`,
    ]);
  }
  const { frontmatter, body } = readMdxFile(file, sectionFrontmatterSchema);
  return {
    slug: ordered.slug,
    order: ordered.order,
    title: frontmatter.title,
    ...(frontmatter.summary === undefined ? {} : { summary: frontmatter.summary }),
    file,
    body,
  };
}

function loadExerciseSummary(dir: string, name: string): ExerciseSummary {
  const ordered = requireOrderedName(dir, name, "NN.slug");
  const file = requireFile(path.join(dir, "README.mdx"));
  const { frontmatter } = readMdxFile(file, exerciseFrontmatterSchema);
  return {
    slug: ordered.slug,
    order: ordered.order,
    title: frontmatter.title,
    summary: frontmatter.summary,
    difficulty: frontmatter.difficulty,
    concepts: frontmatter.concepts,
    hints: frontmatter.hints,
    dir,
    file,
  };
}

/** Runs `load` on each name, keeping the results that loaded and the ContentErrors that did not. */
function collect<T>(errors: ContentError[], names: string[], load: (name: string) => T): T[] {
  return names.flatMap((name) => {
    const loaded = attempt(errors, () => load(name));
    return loaded === undefined ? [] : [loaded];
  });
}

function attempt<T>(errors: ContentError[], load: () => T): T | undefined {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    if (error.problems.length > 0) errors.push(error);
    return undefined;
  }
}

function rejectDuplicates(
  errors: ContentError[],
  dir: string,
  items: readonly { slug: string }[],
  kind: string,
): void {
  const seen = new Set<string>();
  for (const { slug } of items) {
    if (seen.has(slug))
      errors.push(new ContentError(dir, [`two ${kind}s share the slug "${slug}"`]));
    seen.add(slug);
  }
}

function requireOrderedName(file: string, name: string, shape: string) {
  const ordered = parseOrderedName(name);
  if (!ordered) {
    throw new ContentError(file, [
      `name must look like ${shape} (a number, a dot, a lowercase-hyphenated slug), got "${name}"`,
    ]);
  }
  return ordered;
}

function requireFile(file: string): string {
  if (!fs.existsSync(file)) throw new ContentError(file, ["file not found"]);
  return file;
}

function listEntries(dir: string, kind: "dir" | "file"): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .filter((entry) => (kind === "dir" ? entry.isDirectory() : entry.isFile()))
    .map((entry) => entry.name)
    .sort();
}

function isDirectory(dir: string): boolean {
  return fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function byOrderThenSlug(a: { order: number; slug: string }, b: { order: number; slug: string }) {
  return a.order - b.order || a.slug.localeCompare(b.slug);
}
