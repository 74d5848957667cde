import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkContent, type CheckReport } from "@/lib/authoring/check-content";
import { formatProblem } from "@/lib/authoring/problem";

// One fixture tree per kind of mistake (tests/fixtures/authoring/<kind>/), each a copy of the valid
// tree with that one mistake. Every test asserts the message an author would read: the file, the
// line, what is wrong and the fix.

const fixtures = path.resolve("tests/fixtures/authoring");
const lessonDir = "tests/fixtures/authoring/%s/courses/demo/lessons/01.basics";

async function check(kind: string, prove = false): Promise<CheckReport> {
  return checkContent({ root: path.join(fixtures, kind), prove });
}

/** The report as the CLI prints it, one string per problem. */
function printed(report: CheckReport): string[] {
  return report.problems.map(formatProblem);
}

function file(kind: string, relative: string): string {
  return `${lessonDir.replace("%s", kind)}/${relative}`;
}

describe("content:check", () => {
  test("passes the valid fixture tree with no problems at all", async () => {
    const report = await check("valid", true);
    expect(printed(report)).toEqual([]);
    expect(report).toMatchObject({
      errors: 0,
      complete: true,
      counts: { courses: 1, lessons: 1, files: 4 },
    });
  });

  test("names the field, its line and the fix for bad frontmatter", async () => {
    const report = await check("bad-frontmatter");
    expect(report.complete).toBe(false);
    expect(printed(report)).toEqual([
      `${file("bad-frontmatter", "lesson.mdx")}:4: minutes: expected a positive integer\n` +
        `    fix: correct "minutes" in the frontmatter (docs/content-model.md)`,
      `${file("bad-frontmatter", "lesson.mdx")}:5: author: unknown field (check the spelling)\n` +
        "    fix: remove the field or correct its spelling (docs/content-model.md lists them)",
    ]);
  });

  test("reports a link to a section that does not exist, suggesting the near miss", async () => {
    const report = await check("broken-link");
    expect(printed(report)).toEqual([
      `${file("broken-link", "sections/01.intro.mdx")}:7: link "/courses/demo/basics/mroe": lesson "basics" has no section "mroe"\n` +
        `    fix: did you mean "more"?`,
    ]);
  });

  test("reports anchors that match no heading id, in another section and in the same file", async () => {
    const report = await check("missing-anchor");
    const more = file("missing-anchor", "sections/02.more.mdx");
    expect(printed(report)).toEqual([
      `${more}:13: link "/courses/demo/basics/intro#first-thing": section "intro" has no heading with the id "first-thing"\n` +
        `    fix: did you mean "first-things"? (ids are the heading text in kebab-case, as rehype-slug makes them)`,
      `${more}:13: link "#a-figuer": this file has no heading with the id "a-figuer"\n` +
        `    fix: did you mean "a-figure"? (ids are the heading text in kebab-case, as rehype-slug makes them)`,
    ]);
  });

  test("resolves a relative link against the page URL, as the browser does", async () => {
    // The valid tree's intro links to "./more#a-figure", a sibling section's heading.
    const report = await check("valid");
    expect(report.errors).toBe(0);
  });

  test("reports a published page linking into a draft, which learners cannot open", async () => {
    const report = await check("link-to-draft");
    expect(printed(report)).toEqual([
      `${file("link-to-draft", "sections/02.more.mdx")}:13: link "/courses/demo/later": lesson "later" is a draft, so learners following this link get a 404\n` +
        "    fix: publish it (draft: false in tests/fixtures/authoring/link-to-draft/courses/demo/lessons/02.later/lesson.mdx) or remove the link",
    ]);
  });

  test("reports an unknown example id and a value the example does not return", async () => {
    const report = await check("unknown-example");
    const more = file("unknown-example", "sections/02.more.mdx");
    expect(printed(report)).toEqual([
      `${more}:9: unknown example id "counts" (expected a file examples/counts.ts; this lesson has: count)\n` +
        "    fix: use the file name of a program in the lesson's examples/ folder, without .ts",
      `${more}:11: <Value name="allowed">: count.ts returns no value "allowed" (it returns: admitted)\n` +
        "    fix: use a name the example's run() returns, or return it (`return { name: value }`)",
    ]);
  });

  test("reports a link to an exercise the lesson does not have, with the command to add it", async () => {
    const report = await check("unknown-exercise");
    expect(printed(report)).toEqual([
      `${file("unknown-exercise", "sections/01.intro.mdx")}:12: link "/courses/demo/basics/exercises/token-bucket": lesson "basics" has no exercise "token-bucket"\n` +
        "    fix: there are no exercises here; to add it: npm run new -- exercise demo/basics/token-bucket",
    ]);
  });

  test("reports an unknown component and a prop value outside its set", async () => {
    const report = await check("unknown-component");
    const intro = file("unknown-component", "sections/01.intro.mdx");
    expect(printed(report)).toEqual([
      `${intro}:12: <Callout kind="danger">: kind must be one of note, tip, warning, interview\n` +
        `    fix: known values: "note", "tip", "warning", "interview"`,
      `${intro}:14: unknown component <RunExampel>\n` +
        `    fix: did you mean "RunExample"? (docs/content-model.md lists them)`,
    ]);
  });

  test("reports cards whose section or heading does not exist, at the card's line", async () => {
    const report = await check("bad-card");
    const cards = file("bad-card", "cards.yaml");
    expect(printed(report)).toEqual([
      `${cards}:2: card "second-heading": section "more" has no heading with the id "the-2nd-heading"\n` +
        `    fix: known heading ids: "the-second-heading", "a-figure"`,
      `${cards}:9: card "bad-section": lesson "basics" has no section "nowhere"\n` +
        `    fix: known sections: "intro", "more"`,
    ]);
  });

  test("reports an empty rubric point in interview.yaml with the field's path", async () => {
    const report = await check("bad-interview");
    expect(printed(report)).toEqual([
      `${file("bad-interview", "interview.yaml")}: drill.points.1.point: must not be empty\n` +
        `    fix: see docs/content-model.md for interview.yaml`,
    ]);
  });

  test("reports a follow-up whose card is not a next-move card, at its line", async () => {
    const report = await check("bad-interview-card");
    expect(printed(report)).toEqual([
      `${file("bad-interview-card", "interview.yaml")}:14: follow-up "why-secnod": lesson "basics" has no next-move card with this id in cards.yaml\n` +
        `    fix: did you mean "why-second"?`,
    ]);
  });

  test("reports MDX that does not compile at the line of the unclosed tag", async () => {
    const report = await check("bad-mdx");
    const errors = report.problems.filter((problem) => problem.severity === "error");
    expect(errors.map(formatProblem)).toEqual([
      `${file("bad-mdx", "sections/02.more.mdx")}:13: MDX does not compile: Expected a closing tag for \`<Callout>\` (13:13-13:34) before the end of \`paragraph\`\n` +
        "    fix: fix the syntax (an unclosed tag, a stray { or <; write \\{ or &lt; for the character)",
    ]);
  });

  test("proves exercises: a reference solution that fails a test is an error naming the tests", async () => {
    const report = await check("exercise-failing-solution", true);
    expect(printed(report)).toEqual([
      `${file("exercise-failing-solution", "exercises/01.counter/solution.ts")}: the reference solution is not accepted (wrong_answer); failing: ` +
        `"admits up to the limit, then denies": request 4 at t=0.010s: expected denied, your limiter allowed; ` +
        `"waiting does not bring the allowance back" (hidden); ` +
        `counterexample of "waiting does not bring the allowance back": allow() a minute later: expected false, got true\n` +
        "    fix: fix solution.ts, or the test that expects something else (tests.ts / tests.hidden.ts)",
    ]);
  });

  test("proves exercises: a starter that already passes every visible test is an error", async () => {
    const report = await check("exercise-passing-starter", true);
    expect(printed(report)).toEqual([
      `${file("exercise-passing-starter", "exercises/01.counter/starter.ts")}: passes every visible test (1), so there is nothing to solve\n` +
        "    fix: leave the starter unfinished, or add a visible test in tests.ts that it fails",
    ]);
  });

  test("proves traps: a README whose claimed answer the scenario does not show is an error", async () => {
    const report = await check("trap-wrong-claim", true);
    const trap = file("trap-wrong-claim", "traps/a.off-by-one");
    expect(printed(report)).toEqual([
      `${trap}/README.mdx:6: README.mdx claims the answer is 3, but scenario.ts against snippet.ts shows 4\n` +
        "    fix: correct prediction.correct in README.mdx, or the snippet/scenario if the claim is right",
      // The fix's answer is compared with the (wrong) claim, so this follows from the same mistake.
      `${trap}/solution.ts: solution.ts does not change the scenario's outcome (still 3)`,
    ]);
    expect(report.counts.traps).toBe(1);
  });

  test("rejects a hidden suite that builds the learner's limiter as it loads, naming the file, the line and the rule", async () => {
    // Checked without the judge: the learner's code would run before the suite's text is blanked.
    const report = await check("hidden-suite-top-level");
    expect(printed(report)).toEqual([
      `${file("hidden-suite-top-level", "exercises/01.counter/tests.hidden.ts")}:7: new Counter(1, new ManualClock()): runs as the hidden suite loads; ` +
        "nothing may be constructed outside a test, except a Map, Set, WeakMap or WeakSet of literals\n" +
        "    fix: move it into the test() that needs it, or into a function the tests call: until the hidden suite " +
        "has loaded, its text is in the sandbox's memory, where code of the learner's running then could read it",
    ]);
  });

  test("does not prove exercises when asked not to", async () => {
    const report = await check("exercise-failing-solution", false);
    expect(report.errors).toBe(0);
    expect(report.timings["exercises"]).toBeUndefined();
  });
});
