import { describe, expect, it } from "vitest";
import { verdictSchema } from "@/lib/judge/results";
import { VERDICT_LABELS, verdictLabel } from "@/lib/judge/verdict-labels";

describe("verdict labels", () => {
  it("give every verdict the judge can return its own words", () => {
    const labels = verdictSchema.options.map((verdict) => verdictLabel(verdict));
    expect(labels).toEqual(verdictSchema.options.map((verdict) => VERDICT_LABELS[verdict]));
    expect(new Set(labels).size).toBe(verdictSchema.options.length);
    expect(verdictLabel("wrong_answer")).toBe("Wrong answer");
  });

  it("show a stored verdict this build does not name as it was stored", () => {
    expect(verdictLabel("presentation_error")).toBe("presentation_error");
    expect(verdictLabel("constructor")).toBe("constructor");
  });
});
