import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { ContentError } from "@/lib/content/content-error";
import { exerciseJudgeFrontmatterSchema } from "@/lib/content/exercises";
import { proveExercise, type ExerciseProof, type ResultsDocument } from "@/lib/judge";
import type { ContentIndex } from "./content-index";
import { lineOfField, problemsFromContentError } from "./loader-problems";
import { error, type AuthoringProblem } from "./problem";
import { suggestion } from "./suggest";

// Each exercise is proved by the judge itself (lib/judge's proveExercise): the reference solution
// passes every visible, hidden and differential test, and the starter fails at least one visible
// test. A problem points at the file to change, and names the tests involved.

const exerciseFields = Object.keys(exerciseJudgeFrontmatterSchema.shape);

export async function checkExercises(index: ContentIndex): Promise<AuthoringProblem[]> {
  const problems: AuthoringProblem[] = [];
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      for (const exercise of lesson.exercises) {
        problems.push(...unknownFields(exercise.file));
        try {
          const proof = await proveExercise(exercise.slug, { root: index.catalog.root });
          problems.push(...problemsOf(exercise.dir, proof));
        } catch (caught) {
          if (!(caught instanceof ContentError)) throw caught;
          problems.push(...problemsFromContentError(caught));
        }
      }
    }
  }
  return problems;
}

/**
 * The exercise schema is open (the judge extends it), so zod lets a misspelt field through
 * silently; a `hint:` that should have been `hints:` would just lose the hints.
 */
function unknownFields(readme: string): AuthoringProblem[] {
  const data = matter(fs.readFileSync(readme, "utf8"), {}).data as Record<string, unknown>;
  return Object.keys(data)
    .filter((field) => !exerciseFields.includes(field))
    .map((field) =>
      error(
        readme,
        `${field}: unknown field (check the spelling)`,
        suggestion(field, exerciseFields, "field"),
        lineOfField(readme, field),
      ),
    );
}

function problemsOf(dir: string, proof: ExerciseProof): AuthoringProblem[] {
  if (proof.ok) return [];
  const problems: AuthoringProblem[] = [];
  const file = (name: string) => path.join(dir, name);
  const { starter, solution } = proof;

  if (starter.verdict === "compile_error") {
    const first = starter.compileErrors?.[0];
    problems.push(
      error(
        file("starter.ts"),
        `does not compile: ${first?.message ?? starter.message ?? "compile error"}`,
        "the starter must compile, so a learner starts from working scaffolding",
        first?.line,
      ),
    );
  } else if (starter.tests.length === 0) {
    problems.push(
      error(file("tests.ts"), "registers no tests", 'add test("…", () => { … }) calls'),
    );
  } else if (starter.tests.every((test) => test.status === "pass")) {
    problems.push(
      error(
        file("starter.ts"),
        `passes every visible test (${starter.tests.length}), so there is nothing to solve`,
        "leave the starter unfinished, or add a visible test in tests.ts that it fails",
      ),
    );
  } else if (starter.status === "error") {
    problems.push(
      error(
        file("tests.ts"),
        `the visible tests did not run against the starter: ${starter.message ?? starter.verdict}`,
        "make tests.ts run against the starter's exports (same class names and methods)",
      ),
    );
  }

  if (solution.verdict !== "accepted") problems.push(solutionProblem(dir, solution));
  else if (!solution.tests.some((test) => test.hidden)) {
    problems.push(
      error(
        file("tests.hidden.ts"),
        "registers no tests",
        "add hidden tests: they hold a submission to the reference on the edge cases",
      ),
    );
  }
  return problems;
}

function solutionProblem(dir: string, solution: ResultsDocument): AuthoringProblem {
  const failing = solution.tests.filter((test) => test.status !== "pass");
  if (solution.verdict === "compile_error") {
    const first = solution.compileErrors?.[0];
    return error(
      path.join(dir, "solution.ts"),
      `does not compile: ${first?.message ?? solution.message ?? "compile error"}`,
      undefined,
      first?.line,
    );
  }
  const named = failing
    .slice(0, 5)
    .map(
      (test) =>
        `"${test.name}"${test.hidden ? " (hidden)" : ""}${test.message ? `: ${firstLine(test.message)}` : ""}`,
    );
  const counter = solution.counterexample
    ? [
        `counterexample of "${solution.counterexample.test}": ${firstLine(withoutHiddenPreamble(solution.counterexample.message))}`,
      ]
    : [];
  const details = [...named, ...counter];
  return error(
    path.join(dir, "solution.ts"),
    `the reference solution is not accepted (${solution.verdict})${details.length > 0 ? `; failing: ${details.join("; ")}` : solution.message ? `: ${solution.message}` : ""}`,
    "fix solution.ts, or the test that expects something else (tests.ts / tests.hidden.ts)",
  );
}

// Learners are told which hidden test a counterexample belongs to; the author already sees that test
// named among the failures, so the line worth printing is the counterexample itself.
function withoutHiddenPreamble(text: string): string {
  return text.replace(/^The hidden test "[^"]*"(?: \([^)]*\))? failed here\.\s*/, "");
}

function firstLine(text: string): string {
  return text.split("\n")[0]!;
}
