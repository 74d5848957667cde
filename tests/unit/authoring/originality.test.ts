import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkContent } from "@/lib/authoring/check-content";
import {
  checkOriginality,
  indexNotes,
  sharedRuns,
  tokenize,
  wordsOf,
} from "@/lib/authoring/check-originality";
import { formatProblem } from "@/lib/authoring/problem";

// The originality check against a pretend set of notes (tests/fixtures/originality/notes.txt): a
// tree that copies from them in prose, a card and an example's comment, and one shown library file,
// and a tree that says the same things in its own words.

const fixtures = path.resolve("tests/fixtures/originality");
const notesFile = path.join(fixtures, "notes.txt");
const limitersDir = path.join(fixtures, "limiters");

function check(tree: string, notes = notesFile) {
  return checkOriginality({
    contentRoot: path.join(fixtures, tree),
    limitersDir,
    notesFile: notes,
  });
}

describe("the originality check", () => {
  test("tokenises as own-words.py does: lower case, curly quotes straightened, apostrophes dropped", () => {
    expect(wordsOf("Don’t wait — it’s “60_000” ms, OK?")).toEqual([
      "dont",
      "wait",
      "its",
      "60",
      "000",
      "ms",
      "ok",
    ]);
    expect(
      tokenize('a <Value example="x" name="y" /> b\n<Callout kind="tip">c</Callout>', true),
    ).toEqual([
      { word: "a", line: 1 },
      { word: "b", line: 1 },
      { word: "c", line: 2 },
    ]);
    // Outside MDX a tag is text like any other.
    expect(tokenize("<Value />", false).map((token) => token.word)).toEqual(["value"]);
  });

  test("finds each copied run once, at its longest, with the line it starts on", () => {
    const notes = indexNotes(
      "one two three four five six seven eight nine ten eleven twelve thirteen",
      12,
    );
    const text =
      "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    const runs = sharedRuns("f", tokenize(text, false), notes);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.words).toHaveLength(13);
    expect(
      sharedRuns(
        "f",
        tokenize("one two three four five six seven eight nine ten eleven", false),
        notes,
      ),
    ).toEqual([]);
  });

  test("reports copied prose, card, example comment and shown library file, and nothing hidden", () => {
    const result = check("copied");
    expect(result.checked).toBe(true);
    if (!result.checked) return;
    const found = result.runs.map((run) => [
      path.relative(fixtures, run.file),
      run.line,
      run.words.length,
    ]);
    expect(found).toEqual([
      ["copied/courses/demo/lessons/01.basics/cards.yaml", 4, 13],
      ["copied/courses/demo/lessons/01.basics/examples/spend.ts", 2, 15],
      ["copied/courses/demo/lessons/01.basics/lesson.mdx", 5, 16],
      ["limiters/shown.ts", 1, 16],
    ]);
  });

  test("passes text that keeps the facts in its own words, and a shared run of 11 words", () => {
    const result = check("own");
    expect(result).toMatchObject({ checked: true, runs: [] });
  });

  test("says it skipped when the notes are not there, so a fresh clone still passes", () => {
    expect(check("copied", path.join(fixtures, "no-such-notes.txt"))).toMatchObject({
      checked: false,
    });
  });

  test("content:check reports a copied run as an error naming the file, the line and the fix", async () => {
    const report = await checkContent({
      root: path.resolve("tests/fixtures/authoring/valid"),
      notesFile: path.resolve("tests/fixtures/originality/valid-copied-notes.txt"),
      prove: false,
    });
    expect(report.originality).toMatchObject({ checked: true, runs: 1 });
    expect(report.problems.map(formatProblem)).toEqual([
      `${lessonInValid("sections/01.intro.mdx")}:7: 14 words in a row are the course notes' own: ` +
        // Link targets are words a reader can see in the source, and own-words.py counts them too.
        `"read the next section courses demo basics more and come back to this heading"\n` +
        "    fix: say it in our own words (and, in code, our own names, comments and output); the fact stays, the sentence goes",
    ]);

    const skipped = await checkContent({
      root: path.resolve("tests/fixtures/authoring/valid"),
      notesFile: path.join(fixtures, "no-such-notes.txt"),
      prove: false,
    });
    expect(skipped.originality).toMatchObject({ checked: false, runs: 0 });
    expect(skipped.errors).toBe(0);
  });
});

function lessonInValid(file: string): string {
  return `tests/fixtures/authoring/valid/courses/demo/lessons/01.basics/${file}`;
}
