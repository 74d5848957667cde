import { parseArgs } from "node:util";
import { checkContent } from "@/lib/authoring/check-content";
import { formatProblem } from "@/lib/authoring/problem";
import { displayPath } from "@/lib/content/content-error";
import { shutdownJudgePool } from "@/lib/judge";

// npm run content:check [-- --root <dir>] [--notes <file>] [--no-prove] [--json]
// Checks the whole content tree (see lib/authoring/check-content.ts) and exits 1 on any error;
// warnings are printed and do not fail. --json prints the report for tools. --notes names the
// course notes the originality check compares against (default ../shared/source/…; absent: skipped).

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        root: { type: "string" },
        notes: { type: "string" },
        "no-prove": { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (caught) {
    console.error(caught instanceof Error ? caught.message : String(caught));
    return 2;
  }
  if (values.help) {
    console.log(
      "usage: npm run content:check [-- --root <dir>] [--notes <file>] [--no-prove] [--json]",
    );
    return 0;
  }
  const started = performance.now();
  const report = await checkContent({
    ...(values.root ? { root: values.root } : {}),
    ...(values.notes ? { notesFile: values.notes } : {}),
    prove: !values["no-prove"],
  });
  const elapsed = Math.round(performance.now() - started);

  if (values.json) {
    console.log(JSON.stringify({ ...report, elapsedMs: elapsed }, null, 2));
    return report.errors > 0 ? 1 : 0;
  }
  for (const problem of report.problems) console.log(formatProblem(problem));
  if (!report.complete) {
    console.log(
      "\nThe tree did not load, so links, components, cards and exercises were not checked.",
    );
  }
  if (report.originality) {
    const { checked, notesFile, files: read, runs } = report.originality;
    console.log(
      checked
        ? `\noriginality: ${read} learner-visible file(s) against ${displayPath(notesFile)}, ${runs} shared run(s) of 12+ words`
        : `\noriginality: skipped, the course notes are not at ${displayPath(notesFile)}`,
    );
  }
  const { courses, lessons, files, exercises, traps } = report.counts;
  const proved = values["no-prove"] ? " (not proved: --no-prove)" : " proved";
  console.log(
    `\ncontent:check ${displayPath(report.root)}: ${courses} course(s), ${lessons} lesson(s), ` +
      `${files} MDX file(s), ${exercises} exercise(s) and ${traps} trap(s)${proved} in ${elapsed} ms — ` +
      `${report.errors} error(s), ${report.warnings} warning(s)`,
  );
  return report.errors > 0 ? 1 : 0;
}

const code = await main();
// proveExercise runs in this process; a pool is only there if something started one.
await shutdownJudgePool().catch(() => undefined);
process.exit(code);
