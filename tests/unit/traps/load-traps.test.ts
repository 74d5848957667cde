import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ContentError } from "@/lib/content/content-error";
import { listTrapFolders, loadLessonTraps, loadTrap } from "@/lib/traps";

const lesson = {
  dir: "content/courses/system-design/lessons/01.rate-limiter",
  courseSlug: "system-design",
  slug: "rate-limiter",
};

describe("the rate limiter lesson's traps", () => {
  test("are the six traps A to F, with their ids", () => {
    const traps = loadLessonTraps(lesson);
    expect(traps.map((t) => `${t.letter}:${t.id}`)).toEqual([
      "A:increment-then-check",
      "B:wall-clock",
      "C:map-never-forgets",
      "D:fixed-window-boundary",
      "E:divided-limit",
      "F:key-never-expires",
    ]);
  });

  test("each has a question, a prediction, a card, a task and all its files", () => {
    for (const trap of loadLessonTraps(lesson)) {
      expect(trap.question.length, trap.id).toBeGreaterThan(20);
      expect(trap.task.length, trap.id).toBeGreaterThan(20);
      expect(trap.card, trap.id).toMatch(/^trap-/);
      expect(trap.body.trim().length, trap.id).toBeGreaterThan(100);
      for (const source of [trap.snippet, trap.scenario, trap.solution, trap.tests]) {
        expect(source.length, trap.id).toBeGreaterThan(0);
      }
      expect(trap.scenario, trap.id).toMatch(/export (async )?function scenario\(/);
    }
  });

  test("one trap loads by id; an unknown id is undefined", () => {
    expect(loadTrap(lesson, "wall-clock")?.letter).toBe("B");
    expect(loadTrap(lesson, "no-such-trap")).toBeUndefined();
  });
});

describe("a broken traps folder", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function lessonWith(folders: Record<string, Record<string, string>>) {
    dir = mkdtempSync(join(tmpdir(), "tradeoff-traps-"));
    for (const [name, files] of Object.entries(folders)) {
      mkdirSync(join(dir, "traps", name), { recursive: true });
      for (const [file, text] of Object.entries(files))
        writeFileSync(join(dir, "traps", name, file), text);
    }
    return { dir, courseSlug: "c", slug: "l" };
  }

  const readme = (frontmatter: string) => `---\n${frontmatter}\n---\n\nWhy.\n`;
  const complete = {
    "README.mdx": readme(
      "title: T\nquestion: Q?\nprediction:\n  kind: number\n  correct: 3\ncard: trap-t\ntask: Fix it.",
    ),
    "snippet.ts": "export {};",
    "scenario.ts": "export function scenario() {}",
    "solution.ts": "export {};",
    "tests.ts": "export {};",
  };

  test("names every badly named folder, reused letter and duplicate id", () => {
    const ref = lessonWith({
      "1.first": complete,
      "a.one": complete,
      "a.two": complete,
      "b.one": complete,
    });
    expect(() => listTrapFolders(ref.dir)).toThrow(ContentError);
    try {
      listTrapFolders(ref.dir);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/1\.first: a trap folder is named <letter>\.<id>/);
      expect(message).toMatch(/a\.two: letter A is already used by a\.one/);
      expect(message).toMatch(/b\.one: trap id "one" is used twice/);
    }
  });

  test("lists each missing file and each bad frontmatter field, across traps", () => {
    const { "tests.ts": _tests, ...noTests } = complete;
    const ref = lessonWith({
      "a.missing": noTests,
      "b.bad": {
        ...complete,
        "README.mdx": readme(
          "title: T\nquestion: Q?\nprediction:\n  kind: choice\n  choices: [x, y]\n  correct: 5\ncard: Not A Slug\ntask: Fix it.",
        ),
      },
    });
    let message = "";
    try {
      loadLessonTraps(ref);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/a\.missing: tests\.ts is missing/);
    expect(message).toMatch(
      /b\.bad\/README\.mdx: prediction\.correct: index 5 is out of range for 2 choices/,
    );
    expect(message).toMatch(/card: must be a card id/);
  });

  test("a lesson without a traps folder has no traps", () => {
    dir = mkdtempSync(join(tmpdir(), "tradeoff-traps-"));
    expect(loadLessonTraps({ dir, courseSlug: "c", slug: "l" })).toEqual([]);
  });
});
