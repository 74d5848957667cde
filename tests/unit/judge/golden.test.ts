import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { resultsDocumentSchema } from "@/lib/judge";
import { judgeExercise, sharedHiddenQuickJS } from "./judge-helpers";

// Exercism-style golden fixtures: each submission's results document, pinned. Regenerate after an
// intended change with `npx vitest run tests/unit/judge/golden.test.ts -u`, and review the diff.
// Each is judged with one instance and with the hidden suites in their own (decision 265): the
// document is the same.

const root = path.join(process.cwd(), "tests", "fixtures", "judge");

const statuses = ["pass", "fail", "error"] as const;
const instances = [
  ["one instance", false],
  ["two instances", true],
] as const;

describe.each(
  statuses.flatMap((status) => instances.map(([how, two]) => [status, how, two] as const)),
)("%s/ with %s", (status, _how, two) => {
  const cases = fs.readdirSync(path.join(root, status)).sort();

  test.each(cases)("%s produces its pinned results document", async (name) => {
    const dir = path.join(root, status, name);
    const code = fs.readFileSync(path.join(dir, "submission.ts"), "utf8");
    const exerciseId = /^\/\/ exercise: (\S+)/.exec(code)?.[1];
    expect(exerciseId, "the submission's first line names its exercise").toBeDefined();

    const extra = two ? { hiddenQuickjs: (await sharedHiddenQuickJS()).quickjs } : {};
    const document = await judgeExercise(exerciseId!, code, "submit", extra);
    expect(resultsDocumentSchema.parse(document)).toEqual(document);
    expect(document.status).toBe(status);
    // Time and memory vary from run to run; everything else is a pure function of code and suite.
    const pinned = { ...document, resources: { wallMs: 0 } };
    await expect(`${JSON.stringify(pinned, null, 2)}\n`).toMatchFileSnapshot(
      path.join(dir, "expected_results.json"),
    );
  });
});
