import { describe, expect, test } from "vitest";
import { DEFAULT_RETURN_PATH, safeReturnPath, signInHref } from "@/lib/auth/return-path";

describe("the page a learner returns to after signing in", () => {
  test("a path on this site comes back with its query and hash", () => {
    expect(safeReturnPath("/courses/system-design/rate-limiter/answer")).toBe(
      "/courses/system-design/rate-limiter/answer",
    );
    expect(safeReturnPath("/review?x=1#card")).toBe("/review?x=1#card");
    expect(safeReturnPath("/instructor/playground")).toBe("/instructor/playground");
  });

  test.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/sign-in",
    "/sign-up?next=/x",
  ])("%j falls back to the progress page", (raw) => {
    expect(safeReturnPath(raw)).toBe(DEFAULT_RETURN_PATH);
  });

  test("a missing value falls back", () => {
    expect(safeReturnPath(null)).toBe(DEFAULT_RETURN_PATH);
    expect(safeReturnPath(undefined, "/")).toBe("/");
  });

  test("the sign-in link carries the page it was clicked on", () => {
    expect(signInHref("/instructor")).toBe("/sign-in?next=%2Finstructor");
    expect(signInHref("/sign-in")).toBe("/sign-in");
    expect(signInHref("/courses/a", "/sign-up")).toBe("/sign-up?next=%2Fcourses%2Fa");
  });
});
