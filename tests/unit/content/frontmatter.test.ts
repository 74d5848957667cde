import path from "node:path";
import { describe, expect, test } from "vitest";
import { ContentError, describeIssues } from "@/lib/content/content-error";
import { loadCatalog } from "@/lib/content/loader";
import {
  courseFrontmatterSchema,
  exerciseFrontmatterSchema,
  lessonFrontmatterSchema,
  sectionFrontmatterSchema,
} from "@/lib/content/schemas";

const bad = path.resolve("tests/fixtures/content/bad");
const lessonDir = "tests/fixtures/content/bad/courses/broken-course/lessons/01.bad-lesson";

function loadBadMessage(): string {
  try {
    loadCatalog({ root: bad });
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("the bad fixture loaded without an error");
}

describe("a bad content file fails with its path, the field and the reason", () => {
  const message = loadBadMessage();

  test("a negative minutes value", () => {
    expect(message).toContain(`${lessonDir}/lesson.mdx: minutes: expected a positive integer`);
  });

  test("a misspelt frontmatter field", () => {
    expect(message).toContain(`${lessonDir}/lesson.mdx: tagz: unknown field (check the spelling)`);
  });

  test("a section file without its order prefix", () => {
    expect(message).toContain(
      `${lessonDir}/sections/intro.mdx: name must look like NN.slug.mdx (a number, a dot, a lowercase-hyphenated slug), got "intro"`,
    );
  });

  test("a section without a title", () => {
    expect(message).toContain(`${lessonDir}/sections/02.fine.mdx: title: required`);
  });

  test("an exercise whose difficulty is not easy, medium or hard", () => {
    expect(message).toContain(
      `${lessonDir}/exercises/01.bad-exercise/README.mdx: difficulty: expected one of easy, medium, hard`,
    );
  });

  test("every problem is reported in one error, one line each", () => {
    expect(message.split("\n")).toHaveLength(5);
  });
});

describe("the frontmatter schemas", () => {
  function problems(
    schema: { safeParse(data: unknown): { success: boolean; error?: unknown } },
    data: unknown,
  ) {
    const result = schema.safeParse(data);
    return result.success ? [] : describeIssues(result.error as never);
  }

  test("a lesson needs a title, a summary and its reading time", () => {
    expect(problems(lessonFrontmatterSchema, {})).toEqual([
      "title: required",
      "summary: required",
      "minutes: required",
    ]);
  });

  test("a lesson's minutes must be a whole number and its draft flag a boolean", () => {
    expect(
      problems(lessonFrontmatterSchema, { title: "t", summary: "s", minutes: 2.5, draft: "yes" }),
    ).toEqual(["minutes: expected a positive integer", "draft: expected true or false"]);
  });

  test("practice time is optional and, when stated, a whole number of minutes apart from reading", () => {
    const base = { title: "t", summary: "s", minutes: 50 };
    expect(lessonFrontmatterSchema.parse({ ...base, practiceMinutes: 300 })).toMatchObject({
      minutes: 50,
      practiceMinutes: 300,
    });
    expect(problems(lessonFrontmatterSchema, { ...base, practiceMinutes: 0 })).toEqual([
      "practiceMinutes: expected a positive integer",
    ]);
  });

  test("tags default to none and draft to false", () => {
    expect(lessonFrontmatterSchema.parse({ title: "t", summary: "s", minutes: 3 })).toEqual({
      title: "t",
      summary: "s",
      minutes: 3,
      tags: [],
      draft: false,
    });
  });

  test("an empty title is refused even though it is a string", () => {
    expect(problems(sectionFrontmatterSchema, { title: "   " })).toEqual([
      "title: must not be empty",
    ]);
  });

  test("a course's order must be a positive integer", () => {
    expect(problems(courseFrontmatterSchema, { title: "t", summary: "s", order: 0 })).toEqual([
      "order: expected a positive integer",
    ]);
  });

  test("an exercise's hints must all be strings, and the bad one is named by index", () => {
    expect(
      problems(exerciseFrontmatterSchema, {
        title: "t",
        summary: "s",
        difficulty: "easy",
        hints: ["fine", 3],
      }),
    ).toEqual(["hints.1: expected a string"]);
  });

  test("an exercise tolerates fields the judge adds, so the judge can extend the schema", () => {
    const extended = exerciseFrontmatterSchema.extend({});
    expect(
      extended.safeParse({ title: "t", summary: "s", difficulty: "medium", limits: { timeMs: 5 } })
        .success,
    ).toBe(true);
  });
});
