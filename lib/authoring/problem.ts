import { displayPath } from "@/lib/content/content-error";

// What `content:check` reports. Every problem names a file, the line when one is known, what is wrong
// and how to fix it: the reader is an author looking at a red CI run, not at our code.

export type Severity = "error" | "warning";

export interface AuthoringProblem {
  severity: Severity;
  /** Absolute path (or the folder, for a missing file). */
  file: string;
  /** 1-based line in `file`, when the problem has one. */
  line?: number;
  message: string;
  /** What to change; omitted only when the message already says it. */
  fix?: string;
}

export function error(
  file: string,
  message: string,
  fix?: string,
  line?: number,
): AuthoringProblem {
  return {
    severity: "error",
    file,
    message,
    ...(fix ? { fix } : {}),
    ...(line ? { line } : {}),
  };
}

export function warning(
  file: string,
  message: string,
  fix?: string,
  line?: number,
): AuthoringProblem {
  return { ...error(file, message, fix, line), severity: "warning" };
}

/** `content/…/02.understand.mdx:14: message` then an indented `fix:` line. */
export function formatProblem(problem: AuthoringProblem): string {
  const where = `${displayPath(problem.file)}${problem.line ? `:${problem.line}` : ""}`;
  const label = problem.severity === "warning" ? "warning: " : "";
  const head = `${where}: ${label}${problem.message}`;
  return problem.fix ? `${head}\n    fix: ${problem.fix}` : head;
}

/** Problems in file order, then line order, so a report reads top to bottom like the tree. */
export function sortProblems(problems: readonly AuthoringProblem[]): AuthoringProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0),
  );
}
