import fs from "node:fs";
import path from "node:path";
import { ContentError } from "@/lib/content/content-error";
import { lessonRefOf } from "@/lib/traps/find-trap";
import { loadLessonTraps } from "@/lib/traps/load-traps";
import { proveTrap } from "@/lib/traps/prove-trap";
import type { ContentIndex } from "./content-index";
import { problemsFromContentError } from "./loader-problems";
import { error, type AuthoringProblem } from "./problem";

// Each trap is proved by lib/traps' proveTrap: its scenario, run against the flawed snippet, really
// shows the answer the README claims; the reference fix changes that answer and passes tests.ts,
// which the snippet fails; and the README's card exists. A problem points at the file it is about.

export async function checkTraps(
  index: ContentIndex,
): Promise<{ count: number; problems: AuthoringProblem[] }> {
  const problems: AuthoringProblem[] = [];
  let count = 0;
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      const ref = lessonRefOf(lesson);
      let traps;
      try {
        traps = loadLessonTraps(ref);
      } catch (caught) {
        if (!(caught instanceof ContentError)) throw caught;
        problems.push(...problemsFromContentError(caught));
        continue;
      }
      for (const trap of traps) {
        count++;
        const proof = await proveTrap(trap.id, { lesson: ref });
        problems.push(...proof.problems.map((problem) => placed(trap.dir, problem)));
      }
    }
  }
  return { count, problems };
}

/** proveTrap's lines start with the file they are about ("solution.ts does not…"); point at it. */
function placed(dir: string, problem: string): AuthoringProblem {
  const named = /^(README\.mdx|snippet\.ts|scenario\.ts|solution\.ts|tests\.ts)\b/.exec(
    problem,
  )?.[1];
  const file = path.join(dir, named ?? "README.mdx");
  const line = /^README\.mdx claims/.test(problem) ? lineOf(file, /^\s+correct:/) : undefined;
  return error(file, problem, fixFor(problem), line);
}

function lineOf(file: string, pattern: RegExp): number | undefined {
  const index = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .findIndex((line) => pattern.test(line));
  return index === -1 ? undefined : index + 1;
}

function fixFor(problem: string): string | undefined {
  if (/^README\.mdx claims/.test(problem)) {
    return "correct prediction.correct in README.mdx, or the snippet/scenario if the claim is right";
  }
  if (/passes tests\.ts/.test(problem)) return "add a test to tests.ts that the snippet fails";
  if (/^card /.test(problem)) return "add the card to cards.yaml with source: trap, or fix card:";
  return undefined;
}
