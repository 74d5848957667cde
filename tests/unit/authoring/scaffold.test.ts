import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkContent } from "@/lib/authoring/check-content";
import { formatProblem } from "@/lib/authoring/problem";
import { scaffoldExercise } from "@/lib/authoring/scaffold-exercise";
import { scaffoldLesson } from "@/lib/authoring/scaffold-lesson";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";

// `npm run new` writes into a temporary copy of the real content tree; content:check (with the
// judge proving the new exercise) must pass on the result straight away.

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tradeoff-scaffold-"));
  fs.cpSync(path.resolve("content"), root, { recursive: true });
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm run new", () => {
  test("a scaffolded lesson and exercise pass content:check at once, exercise proved", async () => {
    const lesson = scaffoldLesson({ root, target: "system-design/scaffolded-topic" });
    expect(lesson.ok).toBe(true);
    const exercise = scaffoldExercise({
      root,
      target: "system-design/scaffolded-topic/count-limit",
    });
    expect(exercise.ok).toBe(true);
    const short = scaffoldExercise({ root, target: "scaffolded-topic/second-limit" });
    expect(short).toMatchObject({ ok: true, id: "second-limit" });

    const report = await checkContent({ root });
    expect(report.problems.map(formatProblem)).toEqual([]);
    expect(report.counts.exercises).toBeGreaterThanOrEqual(2);
  }, 60_000);

  test("a scaffolded lesson comes after the last one, with all eight sections, as a draft", () => {
    const result = scaffoldLesson({
      root,
      target: "system-design/another-topic",
      title: "Another: topic",
    });
    if (!result.ok) throw new Error(result.reason);
    const existing = fs.readdirSync(path.join(root, "courses/system-design/lessons"));
    const highest = Math.max(...existing.map((name) => Number(name.split(".")[0])));
    expect(path.basename(result.dir)).toBe(`${String(highest).padStart(2, "0")}.another-topic`);

    const published = findCourse(loadCatalog({ root }), "system-design")!;
    expect(findLesson(published, "another-topic")).toBeUndefined();
    const drafts = findCourse(loadCatalog({ root, includeDrafts: true }), "system-design")!;
    const lesson = findLesson(drafts, "another-topic")!;
    expect(lesson).toMatchObject({ draft: true, title: "Another: topic" });
    expect(lesson.sections.map((section) => section.slug)).toEqual([
      "answer",
      "understand",
      "reference",
      "scenarios",
      "next-move",
      "code-traps",
      "check-yourself",
      "practice",
    ]);
  });

  test("refuses a lesson slug that already exists, an unknown course and a non-slug", () => {
    expect(scaffoldLesson({ root, target: "system-design/rate-limiter" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('course "system-design" already has it'),
    });
    expect(scaffoldLesson({ root, target: "no-such-course/topic" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no course "no-such-course"'),
    });
    expect(scaffoldLesson({ root, target: "system-design/Bad Name" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("is not a slug"),
    });
    expect(scaffoldLesson({ root, target: "system-design" })).toMatchObject({ ok: false });
  });

  test("refuses an exercise id used anywhere in the tree, since exercise ids are global", () => {
    const result = scaffoldExercise({ root, target: "system-design/another-topic/fixed-window" });
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining('exercise id "fixed-window" is already used by'),
    });
  });

  test("refuses <lesson>/<slug> when no course, or more than one course, has that lesson", () => {
    expect(scaffoldExercise({ root, target: "no-such-lesson/x" })).toMatchObject({
      ok: false,
      reason: 'no course has a lesson "no-such-lesson"',
    });
    const second = path.join(root, "courses/second-course");
    fs.mkdirSync(path.join(second, "lessons/01.another-topic"), { recursive: true });
    expect(scaffoldExercise({ root, target: "another-topic/x" })).toMatchObject({
      ok: false,
      reason: expect.stringContaining("several courses have a lesson"),
    });
    fs.rmSync(second, { recursive: true });
  });
});
