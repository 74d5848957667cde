import path from "node:path";
import { describe, expect, test } from "vitest";
import { ContentError } from "@/lib/content/content-error";
import { findCourse, findLesson, findSection, loadCatalog } from "@/lib/content/loader";

const fixtures = path.resolve("tests/fixtures/content");
const valid = path.join(fixtures, "valid");

describe("the content loader", () => {
  test("lists courses by their order field, not by folder name", () => {
    const { courses } = loadCatalog({ root: valid });
    expect(courses.map((course) => course.slug)).toEqual(["beta-course", "alpha-course"]);
    expect(courses[0]).toMatchObject({ title: "Beta course", order: 1 });
  });

  test("reads a lesson's frontmatter and takes its slug and order from the folder prefix", () => {
    const course = findCourse(loadCatalog({ root: valid }), "beta-course")!;
    const lesson = findLesson(course, "first-lesson")!;
    expect(lesson).toMatchObject({
      courseSlug: "beta-course",
      slug: "first-lesson",
      order: 1,
      title: "The first lesson",
      minutes: 12,
      tags: ["testing", "fixtures"],
      draft: false,
    });
  });

  test("orders sections by the number in their prefix, so 2 comes before 10", () => {
    const lesson = loadCatalog({ root: valid }).courses[0]!.lessons[0]!;
    expect(lesson.sections.map((section) => [section.order, section.slug])).toEqual([
      [1, "intro"],
      [2, "details"],
      [10, "wrap-up"],
    ]);
    expect(findSection(lesson, "intro")).toMatchObject({
      title: "Intro",
      summary: "Where it starts.",
    });
    expect(findSection(lesson, "details")?.summary).toBeUndefined();
  });

  test("keeps a section's body with its frontmatter lines blanked, so line numbers still match", () => {
    const lesson = loadCatalog({ root: valid }).courses[0]!.lessons[0]!;
    const body = findSection(lesson, "intro")!.body;
    expect(body.split("\n").slice(0, 4)).toEqual(["", "", "", ""]);
    expect(body.split("\n")[5]).toBe("## A heading");
  });

  test("hides draft lessons unless drafts are asked for", () => {
    const hidden = loadCatalog({ root: valid }).courses[0]!;
    expect(hidden.lessons.map((lesson) => lesson.slug)).toEqual(["first-lesson"]);

    const shown = loadCatalog({ root: valid, includeDrafts: true }).courses[0]!;
    expect(shown.lessons.map((lesson) => [lesson.slug, lesson.draft])).toEqual([
      ["first-lesson", false],
      ["draft-lesson", true],
    ]);
  });

  test("summarises a lesson's exercises from their README frontmatter, in prefix order", () => {
    const lesson = loadCatalog({ root: valid }).courses[0]!.lessons[0]!;
    expect(
      lesson.exercises.map(({ slug, order, difficulty }) => [slug, order, difficulty]),
    ).toEqual([
      ["first-exercise", 1, "easy"],
      ["second-exercise", 2, "hard"],
    ]);
    expect(lesson.exercises[0]).toMatchObject({
      title: "First exercise",
      concepts: ["fixed-window"],
      hints: ["Count per window.", "Reset at the boundary."],
    });
    expect(lesson.exercises[1]).toMatchObject({ concepts: [], hints: [] });
  });

  test("a course without a lessons folder has no lessons", () => {
    const alpha = findCourse(loadCatalog({ root: valid }), "alpha-course")!;
    expect(alpha.lessons).toEqual([]);
  });

  test("a missing content root is reported with its path", () => {
    expect(() => loadCatalog({ root: path.join(fixtures, "nowhere") })).toThrow(
      "tests/fixtures/content/nowhere/courses: folder not found",
    );
  });
});

describe("the content loader on the real content/ tree", () => {
  test("loads and validates every file", () => {
    expect(() => loadCatalog({ includeDrafts: true })).not.toThrow();
  });

  test("serves the system design course with the rate limiter lesson's eight sections", () => {
    const course = findCourse(loadCatalog(), "system-design");
    expect(course?.title).toBe("System design interviews");
    const lesson = findLesson(course!, "rate-limiter");
    expect(lesson?.title).toBe("How would you implement a rate limiter?");
    expect(lesson?.sections.map((section) => section.slug)).toEqual([
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

  test("errors are ContentErrors that carry each problem's file", () => {
    try {
      loadCatalog({ root: path.join(fixtures, "bad") });
      expect.unreachable("the bad fixture must not load");
    } catch (error) {
      expect(error).toBeInstanceOf(ContentError);
      const files = (error as ContentError).problems.map((problem) => path.basename(problem.file));
      expect(files).toEqual(expect.arrayContaining(["lesson.mdx", "intro.mdx", "README.mdx"]));
    }
  });
});
