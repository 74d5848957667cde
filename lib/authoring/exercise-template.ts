import { yamlString } from "./lesson-template";

// The files `npm run new -- exercise` writes: a complete exercise that content:check proves as
// written (the solution passes every test, the starter fails one), for the author to turn into the
// real one. The placeholder task is deliberately trivial, so nothing in it needs unlearning.

export interface ExerciseTemplateInput {
  title: string;
  /** Exported class name learners implement. */
  className: string;
}

export function exerciseFiles({ title, className }: ExerciseTemplateInput): Record<string, string> {
  return {
    "README.mdx": `---
title: ${yamlString(title)}
summary: One sentence on what the learner builds and what it teaches.
difficulty: easy
concepts: [injected clock]
hints:
  - "Hints are revealed one at a time, in this order: start with a nudge."
  - "Then say what to keep as state."
  - "The last hint nearly gives the answer away."
limits:
  timeMs: 1000
  memoryMb: 32
---

Implement \`${className}\`: admit the first \`limit\` requests and refuse every one after them.

\`\`\`ts
const clock = new ManualClock();
const limiter = new ${className}(3, clock);
limiter.allow(); // true three times, then false
\`\`\`

- Read the time from \`clock.now()\` only; \`Date.now()\` does not tell the time in the judge.
- Replace this prompt, \`starter.ts\`, \`solution.ts\` and both test files with the real exercise;
  \`npm run content:check\` proves them (the solution passes everything, the starter fails a test).
`,
    "starter.ts": `import type { Clock } from "judge";

/** Admits the first \`limit\` requests, then refuses. */
export class ${className} {
  constructor(
    readonly limit: number,
    private readonly clock: Clock,
  ) {}

  /** True if this request is admitted. */
  allow(): boolean {
    // How many have been admitted so far?
    return true;
  }
}
`,
    "solution.ts": `import type { Clock } from "judge";

/** Admits the first \`limit\` requests, then refuses. */
export class ${className} {
  private admitted = 0;

  constructor(
    readonly limit: number,
    private readonly clock: Clock,
  ) {}

  allow(): boolean {
    if (this.admitted >= this.limit) return false;
    this.admitted++;
    return true;
  }
}
`,
    "tests.ts": `import { ManualClock, expectTrace, test } from "judge";
import { ${className} } from "./solution";

// Visible tests: run in the learner's browser on Run, and shown with their traces when they fail.

test("admits up to the limit, then denies", () => {
  const clock = new ManualClock();
  const limiter = new ${className}(3, clock);
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, count: 3, expect: "allowed" },
      { at: 10, count: 2, expect: "denied" },
    ],
    { setup: "new ${className}(3, clock)" },
  );
});
`,
    "tests.hidden.ts": `import { ManualClock, describe, expect, test } from "judge";
import { ${className} } from "./solution";

// Hidden tests: server only; a learner sees each one's name and category, never its code.

describe("limit", () => {
  test("waiting does not bring the allowance back", () => {
    const clock = new ManualClock();
    const limiter = new ${className}(1, clock);
    expect(limiter.allow(), "first allow()").toBe(true);
    clock.advance(60_000);
    expect(limiter.allow(), "allow() a minute later").toBe(false);
  });
});
`,
  };
}
