import path from "node:path";
import { expect, test } from "vitest";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { findLessonForInstructor } from "@/lib/instructor";

// A draft lesson has no learner-facing page (the site loads the catalogue without drafts) and is
// found for the instructor preview, which renders it under a "Draft" banner.

const root = path.resolve("tests/fixtures/content/valid");

test("a draft lesson is found for the instructor preview and hidden from the learners' catalogue", () => {
  const learners = findCourse(loadCatalog({ root }), "beta-course")!;
  expect(findLesson(learners, "draft-lesson")).toBeUndefined();

  const preview = findLessonForInstructor("beta-course", "draft-lesson", { root });
  expect(preview).toMatchObject({ slug: "draft-lesson", draft: true });
  expect(preview?.sections.length).toBeGreaterThan(0);
  expect(findLessonForInstructor("beta-course", "first-lesson", { root })?.draft).toBe(false);
  expect(findLessonForInstructor("beta-course", "no-such-lesson", { root })).toBeUndefined();
});
