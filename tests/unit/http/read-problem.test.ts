import { describe, expect, it } from "vitest";
import { problemParts, problemSummary, readProblem } from "@/lib/http/read-problem";

const json = (body: string, status = 422) =>
  new Response(body, { status, headers: { "content-type": "application/problem+json" } });

describe("reading a problem document in the browser", () => {
  it("keeps the title, the detail and each field error with its reason", async () => {
    const parts = await readProblem(
      json(
        JSON.stringify({
          type: "about:blank",
          title: "Invalid request",
          status: 422,
          detail: "Fix the code",
          errors: [{ field: "code", reason: "must be a string" }, { reason: "too long" }],
        }),
      ),
    );
    expect(parts).toEqual({
      title: "Invalid request",
      detail: "Fix the code",
      errors: [{ field: "code", reason: "must be a string" }, { reason: "too long" }],
    });
  });

  it("reads a body that is not JSON, or not an object, as no problem at all", async () => {
    expect(await readProblem(json("<html>Bad gateway</html>", 502))).toBeNull();
    expect(await readProblem(json("null"))).toBeNull();
    expect(await readProblem(json('"refused"'))).toBeNull();
  });

  it("drops what does not have the shape: a title that is not text, errors without a reason", () => {
    expect(
      problemParts({ title: 7, errors: [null, { field: "x" }, { message: "zod said" }] }),
    ).toEqual({ title: null, detail: null, errors: [{ reason: "zod said" }] });
    expect(problemParts({ errors: "nope" })?.errors).toEqual([]);
  });

  it("sums a problem up as its detail, else its first field error, else its title", () => {
    const errors = [{ field: "code", reason: "must be a string" }];
    expect(problemSummary({ title: "T", detail: "D", errors })).toBe("D");
    expect(problemSummary({ title: "T", detail: null, errors })).toBe("code: must be a string");
    expect(problemSummary({ title: "T", detail: null, errors: [{ reason: "r" }] })).toBe("r");
    expect(problemSummary({ title: "T", detail: null, errors: [] })).toBe("T");
    expect(problemSummary({ title: null, detail: null, errors: [] })).toBeNull();
    expect(problemSummary(null)).toBeNull();
  });
});
