import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ContentError } from "./content-error";
import { parseOrderedName } from "./ordered-name";
import { readMdxFile } from "./read-mdx-file";
import { exerciseFrontmatterSchema, type Difficulty } from "./schemas";

// Loads exercise folders for the two audiences that must never be confused: the browser (prompt,
// starter, visible tests: loadExerciseForClient) and the judge (plus the hidden tests and the
// reference solution: loadExerciseForJudge). Files are read with fs on the server, so a client
// component cannot import the hidden suite or the solution by accident: there is no module to import.

/** The judge's part of the frontmatter: per-exercise limits. */
const limitsSchema = z.strictObject({
  timeMs: z.number().int().min(50).max(5000).optional(),
  memoryMb: z.number().int().min(8).max(96).optional(),
});

export const exerciseJudgeFrontmatterSchema = exerciseFrontmatterSchema.extend({
  limits: limitsSchema.optional(),
});

export type ExerciseLimits = z.infer<typeof limitsSchema>;

const EXERCISE_FILES = {
  readme: "README.mdx",
  starter: "starter.ts",
  solution: "solution.ts",
  visibleTests: "tests.ts",
  hiddenTests: "tests.hidden.ts",
} as const;

export interface ExerciseForClient {
  /** The folder slug without its order prefix: "token-bucket". */
  id: string;
  order: number;
  courseSlug: string;
  lessonSlug: string;
  title: string;
  summary: string;
  difficulty: Difficulty;
  concepts: string[];
  /** In the order they should be revealed. */
  hints: string[];
  limits?: ExerciseLimits;
  /** The prompt: README.mdx's body (MDX: plain markdown and fenced code only), lines kept in place. */
  readme: { file: string; body: string };
  starter: string;
  /** tests.ts, run in the browser for Run. */
  visibleTests: string;
  /** Type declarations of the sandbox-only "judge" module, for Monaco's extra libs. */
  judgeTypes: string;
}

export interface ExerciseForJudge extends ExerciseForClient {
  /** tests.hidden.ts: server only. */
  hiddenTests: string;
  /** solution.ts, the reference: server only (shown to a learner only once solved or given up). */
  solution: string;
  dir: string;
}

export interface ExerciseRef {
  id: string;
  order: number;
  courseSlug: string;
  lessonSlug: string;
  dir: string;
}

export interface ExerciseLoadOptions {
  /** The folder holding `courses/`; tests point it at fixtures. */
  root?: string;
}

const JUDGE_TYPES_FILE = path.join(process.cwd(), "lib", "judge", "judge-module.d.ts");

/** Every exercise folder in the content tree, in course, lesson and exercise order. */
export function listExercises(options: ExerciseLoadOptions = {}): ExerciseRef[] {
  const root = options.root ?? path.join(process.cwd(), "content");
  const found: ExerciseRef[] = [];
  const coursesDir = path.join(root, "courses");
  for (const course of subdirectories(coursesDir)) {
    const courseSlug = parseOrderedName(course)?.slug ?? course;
    const lessonsDir = path.join(coursesDir, course, "lessons");
    for (const lesson of subdirectories(lessonsDir)) {
      const lessonSlug = parseOrderedName(lesson)?.slug ?? lesson;
      const exercisesDir = path.join(lessonsDir, lesson, "exercises");
      for (const folder of subdirectories(exercisesDir)) {
        const ordered = parseOrderedName(folder);
        const dir = path.join(exercisesDir, folder);
        if (!ordered) throw new ContentError(dir, [`name must look like NN.slug, got "${folder}"`]);
        found.push({ id: ordered.slug, order: ordered.order, courseSlug, lessonSlug, dir });
      }
    }
  }
  const seen = new Map<string, string>();
  for (const ref of found) {
    const other = seen.get(ref.id);
    if (other)
      throw new ContentError(ref.dir, [`exercise id "${ref.id}" is also used by ${other}`]);
    seen.set(ref.id, ref.dir);
  }
  return found;
}

export function findExercise(
  id: string,
  options: ExerciseLoadOptions = {},
): ExerciseRef | undefined {
  return listExercises(options).find((ref) => ref.id === id);
}

/** Misuse: no exercise has this id (a route maps it to 404). */
export class UnknownExerciseError extends Error {
  override readonly name = "UnknownExerciseError";
  constructor(readonly exerciseId: string) {
    super(`unknown exercise "${exerciseId}"`);
  }
}

/** What the exercise page may send to the browser. Throws UnknownExerciseError for an unknown id. */
export function loadExerciseForClient(
  id: string,
  options: ExerciseLoadOptions = {},
): ExerciseForClient {
  return readClientPart(requireExercise(id, options));
}

/** Server only: everything, including the hidden tests and the reference solution. */
export function loadExerciseForJudge(
  id: string,
  options: ExerciseLoadOptions = {},
): ExerciseForJudge {
  const ref = requireExercise(id, options);
  return {
    ...readClientPart(ref),
    hiddenTests: readRequired(ref.dir, EXERCISE_FILES.hiddenTests),
    solution: readRequired(ref.dir, EXERCISE_FILES.solution),
    dir: ref.dir,
  };
}

/** Type declarations of the sandbox-only "judge" module, for the editor (Monaco extra lib). */
export function readJudgeModuleDeclarations(): string {
  return fs.readFileSync(JUDGE_TYPES_FILE, "utf8");
}

function requireExercise(id: string, options: ExerciseLoadOptions): ExerciseRef {
  const ref = findExercise(id, options);
  if (!ref) throw new UnknownExerciseError(id);
  return ref;
}

function readClientPart(ref: ExerciseRef): ExerciseForClient {
  const readme = path.join(ref.dir, EXERCISE_FILES.readme);
  if (!fs.existsSync(readme)) throw new ContentError(readme, ["file not found"]);
  const { frontmatter, body } = readMdxFile(readme, exerciseJudgeFrontmatterSchema);
  return {
    id: ref.id,
    order: ref.order,
    courseSlug: ref.courseSlug,
    lessonSlug: ref.lessonSlug,
    title: frontmatter.title,
    summary: frontmatter.summary,
    difficulty: frontmatter.difficulty,
    concepts: frontmatter.concepts,
    hints: frontmatter.hints,
    ...(frontmatter.limits ? { limits: frontmatter.limits } : {}),
    readme: { file: readme, body },
    starter: readRequired(ref.dir, EXERCISE_FILES.starter),
    visibleTests: readRequired(ref.dir, EXERCISE_FILES.visibleTests),
    judgeTypes: readJudgeModuleDeclarations(),
  };
}

function readRequired(dir: string, name: string): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) throw new ContentError(file, ["file not found"]);
  return fs.readFileSync(file, "utf8");
}

function subdirectories(dir: string): string[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}
