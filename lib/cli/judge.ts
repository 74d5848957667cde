/**
 * npm run judge -- <exercise-id> <file.ts> [--json] [--run]
 *
 * Judges a file exactly as Submit does (a pool worker, visible + hidden + differential tests) and
 * prints a readable report, or with --json the results document alone on stdout. Exit code 0
 * whenever judging ran, pass or fail; 2 for misuse (unknown exercise, missing file, bad arguments).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { UnknownExerciseError, listExercises } from "@/lib/content/exercises";
import { JudgePool, judgeSubmission, type ResultsDocument, type TestResult } from "@/lib/judge";

const USAGE = "usage: npm run judge -- <exercise-id> <file.ts> [--json] [--run]";

class Misuse extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      run: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [exerciseId, file, ...extra] = positionals;
  if (!exerciseId || !file || extra.length > 0) throw new Misuse(USAGE);
  const known = listExercises().map((e) => e.id);
  if (!known.includes(exerciseId)) {
    throw new Misuse(`unknown exercise "${exerciseId}"; known: ${known.join(", ")}`);
  }
  const filePath = path.resolve(file);
  if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) {
    throw new Misuse(`no such file: ${file}`);
  }
  const code = fs.readFileSync(filePath, "utf8");

  // One worker: the same sandbox Submit uses, without starting a worker per core for one judge.
  const pool = new JudgePool({ size: 1 });
  try {
    const mode = values.run ? "run" : "submit";
    const document = await judgeSubmission({ exerciseId, code, mode }, { pool });
    console.log(values.json ? JSON.stringify(document, null, 2) : report(document, file));
  } finally {
    await pool.close();
  }
  return 0;
}

function report(doc: ResultsDocument, file: string): string {
  const color = process.stdout.isTTY;
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const green = (t: string) => paint(32, t);
  const red = (t: string) => paint(31, t);
  const dim = (t: string) => paint(2, t);

  const lines: string[] = [];
  const passed = doc.tests.filter((t) => t.status === "pass").length;
  const verdict = doc.verdict === "accepted" ? green(doc.verdict) : red(doc.verdict);
  const steps = doc.resources.steps === undefined ? "" : `, ${doc.resources.steps} steps`;
  lines.push(`${doc.exerciseId} · ${file} · ${doc.mode}`);
  lines.push(
    `${verdict} (${doc.status}) — ${passed}/${doc.tests.length} tests passed in ${Math.round(doc.resources.wallMs)} ms${steps}`,
  );
  if (doc.message) lines.push("", indent(doc.message, "  "));
  for (const error of doc.compileErrors ?? []) {
    lines.push(`  ${red("error")} ${file}:${error.line}:${error.column} ${error.message}`);
  }
  if (doc.output) lines.push("", dim("output while loading:"), indent(doc.output.trimEnd(), "  "));
  if (doc.tests.length > 0) lines.push("");
  for (const test of doc.tests) lines.push(...testLines(test, { green, red, dim }));
  if (doc.counterexample) {
    lines.push("", red(`counterexample (${doc.counterexample.test}):`));
    lines.push(indent(doc.counterexample.message, "  "));
  }
  return lines.join("\n");
}

function testLines(
  test: TestResult,
  { green, red, dim }: Record<"green" | "red" | "dim", (t: string) => string>,
): string[] {
  const mark = test.status === "pass" ? green("✓") : red(test.status === "fail" ? "✗" : "!");
  const where = test.hidden ? dim(`[hidden${test.category ? `: ${test.category}` : ""}] `) : "";
  const lines = [`${mark} ${where}${test.name}`];
  if (test.message) lines.push(indent(test.message, "    "));
  if (test.output) lines.push(dim("    output:"), indent(test.output.trimEnd(), "      "));
  return lines;
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line ? prefix + line : line))
    .join("\n");
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const misuse = error instanceof Misuse || error instanceof UnknownExerciseError;
    const argumentError = (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    console.error(misuse || argumentError ? (error as Error).message : error);
    if (argumentError) console.error(USAGE);
    process.exit(misuse || argumentError ? 2 : 1);
  },
);
