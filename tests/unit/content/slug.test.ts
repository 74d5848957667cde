import { describe, expect, it } from "vitest";
import { SLUG_SOURCE, slugPattern } from "@/lib/content/slug";

describe("the slug", () => {
  it("is kebab-case: a-z and 0-9 with single hyphens between", () => {
    for (const slug of ["rate-limiter", "01", "token-bucket-2"])
      expect(slugPattern.test(slug)).toBe(true);
    for (const bad of ["", "-a", "a-", "a--b", "Rate", "a_b", "a b", "a.b"]) {
      expect(slugPattern.test(bad), bad).toBe(false);
    }
  });

  it("can stand inside a larger pattern, as in ordered folder names", () => {
    const ordered = new RegExp(`^(\\d+)\\.(${SLUG_SOURCE})$`);
    expect(ordered.exec("01.rate-limiter")?.slice(1)).toEqual(["01", "rate-limiter"]);
    expect(ordered.test("01.Rate")).toBe(false);
  });
});
