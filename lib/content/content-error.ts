import path from "node:path";
import type { z } from "zod";

export interface ContentProblem {
  file: string;
  reason: string;
}

/**
 * A content file is wrong: bad frontmatter, a bad file name, an example that does not exist. Each
 * line of the message starts with the file's path relative to the project root, so a failing build
 * points the author at the exact file to open.
 */
export class ContentError extends Error {
  override readonly name = "ContentError";
  readonly problems: readonly ContentProblem[];

  constructor(file: string, reasons: readonly string[], options?: { cause?: unknown }) {
    const problems = reasons.map((reason) => ({ file, reason }));
    super(formatProblems(problems), options);
    this.problems = problems;
  }

  /** Several files' problems reported at once, so one build shows the author all of them. */
  static combine(errors: readonly ContentError[]): ContentError {
    if (errors.length === 1) return errors[0]!;
    const combined = new ContentError("", []);
    const problems = errors.flatMap((error) => error.problems);
    Object.assign(combined, { problems, message: formatProblems(problems) });
    return combined;
  }
}

function formatProblems(problems: readonly ContentProblem[]): string {
  return problems.map(({ file, reason }) => `${displayPath(file)}: ${reason}`).join("\n");
}

/** The path as an author would type it: relative to the project root, with forward slashes. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return (relative.startsWith("..") ? file : relative).split(path.sep).join("/");
}

/** One line per zod issue, "field: reason"; nested fields are dotted (`hints.2`). */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      const keys = issue.keys.join(", ");
      return `${field ? `${field}: ` : ""}${keys}: unknown field (check the spelling)`;
    }
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}
