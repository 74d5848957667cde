import { describe, expect, test } from "vitest";
import { listExercises, loadExerciseForJudge } from "@/lib/content/exercises";
import { judgeInSandbox } from "@/lib/judge/core";
import { HARNESS_SOURCE } from "@/lib/judge/core/harness";
import { transpileTypeScript } from "@/lib/judge/core/transpile";
import { judgeJob } from "@/lib/judge/judge-submission";
import { loadQuickJS } from "@/lib/judge/node/load-quickjs";
import { literalSpans } from "@/lib/judge/node/literal-spans";
import { MemoryScrubber } from "@/lib/judge/node/source-scrubber";
import { memoryHolds } from "./memory-scan";

// Decision 460: what evaluating a hidden suite or the reference leaves of its text in the module's
// memory is blanked before anything else runs there; the module it leaves behaves as before.

const SECRET = [
  "export function sum(values) {",
  "  // a comment that only the source holds",
  "  let total = 0;",
  "  for (const value of values) total += value;",
  "  return total;",
  "}",
  "export const name = 'the exported name stays a live string';",
  "export function fails() {",
  "  const detail = { why: 'on purpose' };",
  "  throw new Error('failed ' + detail.why);",
  "}",
  "globalThis.secret = { sum, fails, name };",
].join("\n");

/** Evaluates SECRET in a fresh module, scrubbed or not; then what its functions say. */
async function evaluate(scrub: boolean) {
  const loaded = await loadQuickJS();
  const scrubber = MemoryScrubber.forModule(loaded);
  const runtime = loaded.quickjs.newRuntime();
  const context = runtime.newContext();
  const run = () => context.evalCode(SECRET, "secret.js", { type: "module" });
  const result = scrub ? scrubber.scrubAfter([SECRET], run) : run();
  context.unwrapResult(result).dispose();
  const read = (code: string) => context.getString(context.unwrapResult(context.evalCode(code)));
  const seen = {
    source: read("String(secret.sum)"),
    sum: read("String(secret.sum([1, 2, 3]))"),
    error: read("try { secret.fails() } catch (e) { e.message + ' | ' + e.stack }"),
    name: read("secret.name"),
    comment: memoryHolds(loaded.memory, "a comment that only the source holds"),
    code: memoryHolds(loaded.memory, "for (const value of values) total += value;"),
  };
  context.dispose();
  runtime.dispose();
  return seen;
}

describe("a scrubbed module", () => {
  test("holds no copy of its source's code, and its functions still run, throw from the same line and keep their length", async () => {
    const plain = await evaluate(false);
    const scrubbed = await evaluate(true);
    // Without the scrubber the text is there: the check can fail.
    expect(plain.comment && plain.code).toBe(true);
    expect(scrubbed.comment || scrubbed.code).toBe(false);
    expect(scrubbed.sum).toBe(plain.sum);
    expect(scrubbed.name).toBe("the exported name stays a live string");
    expect(scrubbed.error).toBe(plain.error);
    expect(scrubbed.error).toMatch(/secret\.js:10/);
    // Function.prototype.toString reads the kept source: blanks of its length, lines kept.
    expect(plain.source).toMatch(/^export function sum|^function sum/);
    expect(scrubbed.source).toHaveLength(plain.source.length);
    expect(scrubbed.source.trim()).toBe("");
    expect(scrubbed.source.split("\n")).toHaveLength(plain.source.split("\n").length);
  });
});

describe("the literal spans", () => {
  test("cover strings, template chunks, regular expressions and identifiers, not code or comments", () => {
    const js = 'const a = "x(y)"; const b = `t ${a + "q"} u`; /* c */ const r = /a"b/g; f(a) / 2;';
    const bytes = Buffer.from(js);
    const texts = literalSpans(bytes).map(([start, end]) => js.slice(start, end));
    expect(texts).toEqual(
      expect.arrayContaining(["x(y)", "t ", "q", " u", 'a"b', "const", "a", "f"]),
    );
    expect(texts).not.toContain(" c ");
    expect(texts.some((text) => text.includes("="))).toBe(false);
  });
});

const js = (ts: string) => {
  const result = transpileTypeScript(ts);
  if (!result.ok) throw new Error("does not transpile");
  return result.code;
};

/** Lines of a secret file no live string can hold and the learner cannot read anyway. */
function codeLines(source: string, visible: string): string[] {
  const literals = source.match(/"(?:[^"\\\n]|\\.)*"|`[^`]*`/g) ?? [];
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length >= 24 && !/["'`]/.test(line) && !visible.includes(line))
    .filter((line) => !literals.some((literal) => literal.includes(line)));
}

describe("every exercise", () => {
  test.each(listExercises().map((ref) => ref.id))(
    "%s: once its hidden suites are loaded, no line of their code is in the module's memory, nor of the reference's",
    async (id) => {
      const exercise = loadExerciseForJudge(id);
      const visible = [
        HARNESS_SOURCE,
        exercise.visibleTests,
        js(exercise.visibleTests),
        exercise.starter,
        js(exercise.starter),
      ].join("\n");
      const hiddenLines = codeLines(js(exercise.hiddenTests), visible);
      const referenceLines = codeLines(js(exercise.solution), visible);
      expect(hiddenLines.length).toBeGreaterThan(10);
      const loaded = await loadQuickJS();
      const scrubber = MemoryScrubber.forModule(loaded);
      const left = (lines: string[]) => lines.filter((line) => memoryHolds(loaded.memory, line));
      const afterLoad: string[][] = [];
      const document = await judgeInSandbox({
        quickjs: loaded.quickjs,
        scrubber,
        ...judgeJob(exercise, exercise.starter, "submit"),
        // Called again once the hidden suites are loaded, before their first test runs.
        onPlan: (plan) => {
          if (plan.some((entry) => entry.hidden)) afterLoad.push(left(hiddenLines));
        },
      });
      expect(document.tests.some((t) => t.hidden)).toBe(true);
      expect(afterLoad).toEqual([[]]);
      // At the end, whether a hidden test evaluated the reference or not.
      expect(left([...hiddenLines, ...referenceLines])).toEqual([]);
    },
    60_000,
  );
});
