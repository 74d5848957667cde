import path from "node:path";
import { compileMdx } from "@/lib/content/compile-mdx";
import { ContentError } from "@/lib/content/content-error";
import { defaultContentRoot, loadCatalog } from "@/lib/content/loader";
import { checkCards } from "./check-cards";
import { checkComponents } from "./check-components";
import { checkExercises } from "./check-exercises";
import { checkHiddenSuites } from "./check-hidden-suites";
import { checkIds } from "./check-ids";
import { checkInterview } from "./check-interview";
import { checkLinks } from "./check-links";
import {
  checkOriginality,
  defaultNotesFile,
  originalityProblems,
  type OriginalityResult,
} from "./check-originality";
import { checkStudyTime } from "./check-study-time";
import { checkTraps } from "./check-traps";
import { buildIndex, listDocuments, type MdxDocument } from "./content-index";
import { collectContentErrors, problemsFromContentError } from "./loader-problems";
import { outlineMdx } from "./mdx-outline";
import { error, sortProblems, type AuthoringProblem } from "./problem";

// `npm run content:check`: everything that can be wrong with the content tree, found before a build
// or a learner finds it. The tree is read by lib/content's loader (the same validation the site
// does), then each MDX file is compiled and outlined, its links, components and cards resolved, each
// hidden suite's top level read for code that would run the learner's, each exercise proved by the
// judge and each trap's scenario run.

export interface CheckOptions {
  /** The folder holding courses/ (tests point it at fixtures). */
  root?: string;
  /** The app/ folder whose routes site-absolute links may point at. */
  appDir?: string;
  /** Prove exercises and traps with the judge (the slow part); on by default. */
  prove?: boolean;
  /**
   * The course notes the learner-visible text must not copy from (a run of 12+ words); by default
   * ../shared/source/rate-limiter-lesson-notes.txt from the working directory. Absent: skipped.
   */
  notesFile?: string;
  /** Where <LimiterSource file="…"> reads from; lib/limiters by default. */
  limitersDir?: string;
  /** Called as each stage starts, for a progress line. */
  onStage?: (stage: string) => void;
}

export interface CheckReport {
  root: string;
  problems: AuthoringProblem[];
  errors: number;
  warnings: number;
  counts: { courses: number; lessons: number; files: number; exercises: number; traps: number };
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /** False when the tree did not load, so only the loader's problems could be reported. */
  complete: boolean;
  /** Whether the originality check ran (the notes were found) and how many files it read. */
  originality?: { checked: boolean; notesFile: string; files: number; runs: number };
}

export async function checkContent(options: CheckOptions = {}): Promise<CheckReport> {
  const root = path.resolve(options.root ?? defaultContentRoot);
  const appDir = options.appDir ?? path.join(process.cwd(), "app");
  const timings: Record<string, number> = {};
  const problems: AuthoringProblem[] = [];
  const stage = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    options.onStage?.(name);
    const started = performance.now();
    try {
      return await run();
    } finally {
      timings[name] = Math.round(performance.now() - started);
    }
  };

  const catalog = await stage("load", () =>
    collectContentErrors(problems, () => loadCatalog({ root, includeDrafts: true })),
  );
  if (!catalog) return report(root, problems, timings, undefined, false);

  const documents = await stage("compile", () => outlineAll(listDocuments(catalog), problems));
  const index = buildIndex(catalog, documents, appDir);
  await stage("links", () => problems.push(...checkLinks(index)));
  await stage("components", () => problems.push(...checkComponents(index)));
  await stage("cards", () => problems.push(...checkCards(index)));
  await stage("interview", () => problems.push(...checkInterview(index)));
  await stage("ids", () => problems.push(...checkIds(index)));
  await stage("study time", () => problems.push(...checkStudyTime(index)));
  await stage("hidden suites", () => problems.push(...checkHiddenSuites(index)));
  const originality = await stage("originality", () =>
    checkOriginality({
      contentRoot: root,
      limitersDir: options.limitersDir ?? path.join(process.cwd(), "lib", "limiters"),
      notesFile: options.notesFile ?? path.join(process.cwd(), defaultNotesFile),
    }),
  );
  problems.push(...originalityProblems(originality));
  let traps = 0;
  if (options.prove ?? true) {
    await stage("exercises", async () => problems.push(...(await checkExercises(index))));
    await stage("traps", async () => {
      const checked = await checkTraps(index);
      traps = checked.count;
      problems.push(...checked.problems);
    });
  }
  return {
    ...report(root, problems, timings, { index, traps }, true),
    originality: summary(originality),
  };
}

function summary(result: OriginalityResult): NonNullable<CheckReport["originality"]> {
  return result.checked
    ? { checked: true, notesFile: result.notesFile, files: result.files, runs: result.runs.length }
    : { checked: false, notesFile: result.notesFile, files: 0, runs: 0 };
}

/** Compiles each file as the site does (syntax, h1s, code languages) and records its outline. */
async function outlineAll(
  documents: MdxDocument[],
  problems: AuthoringProblem[],
): Promise<MdxDocument[]> {
  for (const document of documents) {
    const result = await outlineMdx(document.file, document.body);
    if (!result.ok) {
      problems.push(
        error(
          document.file,
          `MDX does not compile: ${result.message}`,
          "fix the syntax (an unclosed tag, a stray { or <; write \\{ or &lt; for the character)",
          result.line,
        ),
      );
      continue;
    }
    document.outline = result.outline;
    try {
      await compileMdx(document.file, document.body);
    } catch (caught) {
      if (!(caught instanceof ContentError)) throw caught;
      problems.push(...problemsFromContentError(caught).map(withLineFromReason));
    }
  }
  return documents;
}

/** compileMdx says "line 12: …"; move the line into the problem's own field. */
function withLineFromReason(problem: AuthoringProblem): AuthoringProblem {
  const match = /^line (\d+): (.*)$/s.exec(problem.message);
  if (!match) return problem;
  return { ...problem, line: Number(match[1]), message: match[2]! };
}

function report(
  root: string,
  found: AuthoringProblem[],
  timings: Record<string, number>,
  checked: { index: ReturnType<typeof buildIndex>; traps: number } | undefined,
  complete: boolean,
): CheckReport {
  const problems = sortProblems(dedupe(found));
  const courses = checked?.index.catalog.courses ?? [];
  const lessons = courses.flatMap((course) => course.lessons);
  return {
    root,
    problems,
    errors: problems.filter((problem) => problem.severity === "error").length,
    warnings: problems.filter((problem) => problem.severity === "warning").length,
    counts: {
      courses: courses.length,
      lessons: lessons.length,
      files: checked?.index.documents.length ?? 0,
      exercises: lessons.reduce((sum, lesson) => sum + lesson.exercises.length, 0),
      traps: checked?.traps ?? 0,
    },
    timings,
    complete,
  };
}

/** One broken example used by five components is one problem, not five. */
function dedupe(problems: AuthoringProblem[]): AuthoringProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}\0${problem.line ?? ""}\0${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
