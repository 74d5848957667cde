import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ResultsPanel } from "@/app/_components/exercise/results-panel";
import type { ResultsDocument } from "@/lib/judge/results";

// Issue 12: a results document cut to its bounds says so ("truncated" shown), so a learner does
// not take a shortened message or output for the whole of it.

function documentOf(truncated?: boolean): ResultsDocument {
  return {
    version: 3,
    status: "fail",
    verdict: "wrong_answer",
    mode: "submit",
    resources: { wallMs: 1 },
    tests: [{ name: "allows a burst", status: "fail", hidden: false, message: "m" }],
    ...(truncated === undefined ? {} : { truncated }),
  } as ResultsDocument;
}

describe("the results panel", () => {
  test("says when the document was shortened to its bounds, and only then", () => {
    const render = (results: ResultsDocument) =>
      renderToStaticMarkup(createElement(ResultsPanel, { results }));
    const cut = render(documentOf(true));
    expect(cut).toContain('data-testid="results-truncated"');
    expect(cut).toMatch(/results were shortened/);
    for (const whole of [documentOf(), documentOf(false)]) {
      expect(render(whole)).not.toContain("results-truncated");
    }
  });
});
