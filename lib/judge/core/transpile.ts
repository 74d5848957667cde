import { transform } from "sucrase";
import type { CompileError } from "../results";

export type TranspileResult = { ok: true; code: string } | { ok: false; errors: CompileError[] };

/** Larger than any honest solution; a bigger file is refused before it costs parse time. */
const MAX_SOURCE_CHARS = 100_000;

/** Recent sources and their results: a Submit after a Run of the same code, a resubmission. */
const recent = new Map<string, TranspileResult>();
const RECENT_MAX = 16;

/**
 * TypeScript to JavaScript by stripping types (sucrase), keeping ES syntax and line numbers as
 * written, so QuickJS's line:column in a stack trace is the line:column the learner sees in Monaco.
 * Type errors are the editor's job; this only rejects what cannot be parsed.
 */
export function transpileTypeScript(source: string): TranspileResult {
  // The result depends on the source alone (decision 275): the same text is stripped once.
  const cached = recent.get(source);
  if (cached !== undefined) return cached;
  const result = transpileUncached(source);
  // Only what compiled: an error's fields end up in a document a caller may shape further.
  if (!result.ok) return result;
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(source, Object.freeze(result));
  return result;
}

function transpileUncached(source: string): TranspileResult {
  if (source.length > MAX_SOURCE_CHARS) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          column: 1,
          message: `the file is ${source.length} characters long; the judge accepts up to ${MAX_SOURCE_CHARS}`,
        },
      ],
    };
  }
  try {
    const { code } = transform(source, {
      transforms: ["typescript"],
      disableESTransforms: true,
      preserveDynamicImport: true,
    });
    return { ok: true, code };
  } catch (error) {
    return { ok: false, errors: [compileErrorOf(source, error)] };
  }
}

function compileErrorOf(source: string, error: unknown): CompileError {
  const message = error instanceof Error ? error.message : String(error);
  // Sucrase appends " (line:column)"; the learner sees the position as a marker instead.
  const clean = message.replace(/^Error transforming [^:]*: /, "").replace(/ \(\d+:\d+\)$/, "");
  const pos = (error as { pos?: unknown }).pos;
  if (typeof pos === "number" && pos >= 0) return { ...positionOf(source, pos), message: clean };
  return { line: 1, column: 1, message: clean };
}

/** 1-based line and column of a 0-based character offset. */
export function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.min(offset, source.length));
  const lastNewline = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: offset - lastNewline };
}
