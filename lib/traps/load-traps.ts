import fs from "node:fs";
import path from "node:path";
import { ContentError } from "@/lib/content/content-error";
import { readMdxFile } from "@/lib/content/read-mdx-file";
import { SLUG_SOURCE } from "@/lib/content/slug";
import { trapFrontmatterSchema, type Prediction, type TrapLimits } from "./schema";

// Trap folders: `traps/<letter>.<id>/` in a lesson, each holding README.mdx (question, prediction,
// card, task; the body is the explanation), snippet.ts (the flawed code), scenario.ts (the
// fake-clock run that makes the flaw visible), solution.ts (the reference fix) and tests.ts (judges a
// fix). The letter orders the traps (A–E in the lesson's prose); the id is what progress rows keep.

export const TRAP_FILES = {
  readme: "README.mdx",
  snippet: "snippet.ts",
  scenario: "scenario.ts",
  solution: "solution.ts",
  tests: "tests.ts",
} as const;

const folderPattern = new RegExp(`^([a-z])\\.(${SLUG_SOURCE})$`);

export interface LessonRef {
  /** The lesson's folder (`.../lessons/01.rate-limiter`). */
  dir: string;
  courseSlug: string;
  slug: string;
}

export interface Trap {
  id: string;
  /** "A", "B", …: the trap's place in the lesson. */
  letter: string;
  course: string;
  lesson: string;
  title: string;
  question: string;
  prediction: Prediction;
  card: string;
  task: string;
  /** The README's `limits`, if the scenario needs more than SCENARIO_LIMITS. */
  limits?: TrapLimits;
  dir: string;
  /** README.mdx; `body` is its explanation (MDX, lines kept in place for error messages). */
  file: string;
  body: string;
  snippet: string;
  scenario: string;
  /** The reference fix: server only, shown once the learner has fixed the trap or asks for it. */
  solution: string;
  tests: string;
}

/** The traps folder's entries that are traps, with their ids, in letter order. */
export function listTrapFolders(lessonDir: string): { name: string; letter: string; id: string }[] {
  const trapsDir = path.join(lessonDir, "traps");
  if (!fs.existsSync(trapsDir)) return [];
  const problems: string[] = [];
  const folders = fs
    .readdirSync(trapsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const match = folderPattern.exec(entry.name);
      if (!match) {
        problems.push(
          `${entry.name}: a trap folder is named <letter>.<id>, e.g. a.increment-then-check`,
        );
        return [];
      }
      return [{ name: entry.name, letter: match[1]!.toUpperCase(), id: match[2]! }];
    })
    .sort((a, b) => a.letter.localeCompare(b.letter));
  for (let i = 1; i < folders.length; i++) {
    if (folders[i]!.letter === folders[i - 1]!.letter) {
      problems.push(
        `${folders[i]!.name}: letter ${folders[i]!.letter} is already used by ${folders[i - 1]!.name}`,
      );
    }
  }
  const ids = new Set<string>();
  for (const folder of folders) {
    if (ids.has(folder.id)) problems.push(`${folder.name}: trap id "${folder.id}" is used twice`);
    ids.add(folder.id);
  }
  if (problems.length > 0) throw new ContentError(trapsDir, problems);
  return folders;
}

/** Every trap of a lesson, validated; one ContentError lists all the problems found. */
export function loadLessonTraps(lesson: LessonRef): Trap[] {
  const errors: ContentError[] = [];
  const traps = listTrapFolders(lesson.dir).flatMap((folder) => {
    try {
      return [readTrap(lesson, folder)];
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      errors.push(error);
      return [];
    }
  });
  if (errors.length > 0) throw ContentError.combine(errors);
  return traps;
}

/** One trap by id, or undefined when the lesson has none by that id. */
export function loadTrap(lesson: LessonRef, id: string): Trap | undefined {
  const folder = listTrapFolders(lesson.dir).find((entry) => entry.id === id);
  return folder ? readTrap(lesson, folder) : undefined;
}

function readTrap(lesson: LessonRef, folder: { name: string; letter: string; id: string }): Trap {
  const dir = path.join(lesson.dir, "traps", folder.name);
  const missing = Object.values(TRAP_FILES).filter((name) => !fs.existsSync(path.join(dir, name)));
  if (missing.length > 0) {
    throw new ContentError(
      dir,
      missing.map(
        (name) => `${name} is missing (a trap needs ${Object.values(TRAP_FILES).join(", ")})`,
      ),
    );
  }
  const { file, frontmatter, body } = readMdxFile(
    path.join(dir, TRAP_FILES.readme),
    trapFrontmatterSchema,
  );
  const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
  return {
    id: folder.id,
    letter: folder.letter,
    course: lesson.courseSlug,
    lesson: lesson.slug,
    ...frontmatter,
    dir,
    file,
    body,
    snippet: read(TRAP_FILES.snippet),
    scenario: read(TRAP_FILES.scenario),
    solution: read(TRAP_FILES.solution),
    tests: read(TRAP_FILES.tests),
  };
}
