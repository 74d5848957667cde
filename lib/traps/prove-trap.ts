import fs from "node:fs";
import path from "node:path";
import { parseCardsFile } from "@/lib/content/cards";
import { displayPath } from "@/lib/content/content-error";
import type { ResultsDocument } from "@/lib/judge/results";
import { lessonRefOf, lessonsWithTrap } from "./find-trap";
import { loadTrap, type LessonRef, type Trap } from "./load-traps";
import { judgeFix, runScenario, type ScenarioRun } from "./run-trap";
import { inProcessJudge, type SandboxJudge } from "./sandbox-judge";
import { gradePrediction } from "./schema";

export interface ProveTrapOptions {
  /** The lesson holding the trap; without it, the content tree is searched for the id. */
  lesson?: LessonRef;
  /** The folder holding `courses/` (tests point it at fixtures); used when `lesson` is not given. */
  root?: string;
  /** Defaults to an in-process QuickJS: the content is ours, not a learner's. */
  judge?: SandboxJudge;
}

export interface TrapProof {
  id: string;
  /** README.mdx of the trap, relative to the project root (the file to fix); "" if not found. */
  file: string;
  /** True when every check below held. */
  ok: boolean;
  /** One line per failed check, written for the trap's author. */
  problems: string[];
  /** The scenario against snippet.ts: its answer must be the README's. */
  snippet?: ScenarioRun;
  /** The scenario against solution.ts: it must run, and change the answer. */
  fix?: ScenarioRun;
  /** tests.ts against snippet.ts (must fail) and solution.ts (must pass). */
  snippetTests?: ResultsDocument;
  fixTests?: ResultsDocument;
}

/**
 * Proves a trap is well made, for `content:check`: the scenario run against the flawed snippet shows
 * the outcome the README claims, the reference fix passes tests.ts while the snippet fails it, the fix
 * changes the scenario's outcome, and the README's card exists in the lesson's cards.yaml as a trap
 * card. Never throws for a content problem: it is reported in `problems`.
 */
export async function proveTrap(id: string, options: ProveTrapOptions = {}): Promise<TrapProof> {
  let lesson = options.lesson;
  if (!lesson) {
    const lessons = lessonsWithTrap(id, options.root);
    if (lessons.length !== 1) {
      const where = lessons.map((l) => `${l.courseSlug}/${l.slug}`).join(", ");
      const problem =
        lessons.length === 0
          ? `no lesson has a trap with id "${id}"`
          : `trap id "${id}" is used by several lessons (${where}): pass the lesson`;
      return { id, file: "", ok: false, problems: [problem] };
    }
    lesson = lessonRefOf(lessons[0]!);
  }
  let trap: Trap | undefined;
  try {
    trap = loadTrap(lesson, id);
  } catch (error) {
    return {
      id,
      file: "",
      ok: false,
      problems: [error instanceof Error ? error.message : String(error)],
    };
  }
  if (!trap)
    return {
      id,
      file: "",
      ok: false,
      problems: [`${displayPath(lesson.dir)} has no trap "${id}"`],
    };

  const judge = options.judge ?? inProcessJudge;
  const snippet = await runScenario(trap, trap.snippet, judge);
  const fix = await runScenario(trap, trap.solution, judge);
  const snippetTests = await judgeFix(trap, trap.snippet, judge);
  const fixTests = await judgeFix(trap, trap.solution, judge);

  const problems: string[] = [];
  const claimed = trap.prediction.correct;
  if (!snippet.outcome) {
    problems.push(`scenario.ts did not produce an outcome against snippet.ts: ${snippet.problem}`);
  } else if (!gradePrediction(trap.prediction, snippet.outcome.answer).correct) {
    problems.push(
      `README.mdx claims the answer is ${claimed}, but scenario.ts against snippet.ts shows ${snippet.outcome.answer}`,
    );
  }
  if (!fix.outcome) {
    problems.push(`scenario.ts did not produce an outcome against solution.ts: ${fix.problem}`);
  } else if (gradePrediction(trap.prediction, fix.outcome.answer).correct) {
    problems.push(
      `solution.ts does not change the scenario's outcome (still ${fix.outcome.answer})`,
    );
  }
  if (fixTests.verdict !== "accepted") {
    const failing = fixTests.tests
      .filter((t) => t.status !== "pass")
      .map((t) => `${t.name}: ${t.message ?? t.status}`);
    problems.push(
      `solution.ts does not pass tests.ts (${fixTests.verdict}): ${fixTests.message ?? failing.join("; ")}`,
    );
  }
  if (fixTests.tests.length === 0 && fixTests.verdict === "accepted")
    problems.push("tests.ts registers no tests");
  if (snippetTests.verdict === "accepted")
    problems.push("snippet.ts passes tests.ts: the tests do not catch the flaw");
  if (snippetTests.verdict === "compile_error") {
    problems.push(`snippet.ts does not compile against tests.ts: ${snippetTests.message ?? ""}`);
  }
  problems.push(...checkCard(lesson, trap));

  return {
    id,
    file: displayPath(trap.file),
    ok: problems.length === 0,
    problems,
    snippet,
    fix,
    snippetTests,
    fixTests,
  };
}

function checkCard(lesson: LessonRef, trap: Trap): string[] {
  const file = path.join(lesson.dir, "cards.yaml");
  if (!fs.existsSync(file)) return [`card "${trap.card}": the lesson has no cards.yaml`];
  let cards;
  try {
    cards = parseCardsFile(fs.readFileSync(file, "utf8"), file);
  } catch {
    return []; // cards.yaml's own problems are reported by the cards check
  }
  const card = cards.find((c) => c.id === trap.card);
  if (!card) return [`card "${trap.card}" is not in ${displayPath(file)}`];
  if (card.source !== "trap")
    return [`card "${trap.card}" has source "${card.source}", not "trap"`];
  return [];
}
