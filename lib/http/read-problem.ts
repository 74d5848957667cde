import type { FieldError } from "./problem";

// A refused response's problem+json body (RFC 9457, see problem.ts), as the browser reads it. Any
// server, proxy or older build may have written the body, so nothing is trusted beyond its shape.

/** What a page shows of a problem document: each part null (or empty) when it is not there. */
export interface ProblemParts {
  title: string | null;
  detail: string | null;
  /** Field errors with a reason; `field` is absent when the server named none. */
  errors: Array<Partial<Pick<FieldError, "field">> & Pick<FieldError, "reason">>;
}

/** The parts of a parsed problem document, or null when the payload is not an object. */
export function problemParts(payload: unknown): ProblemParts | null {
  if (typeof payload !== "object" || payload === null) return null;
  const record = payload as Record<string, unknown>;
  const errors = Array.isArray(record.errors) ? record.errors.flatMap(fieldError) : [];
  return {
    title: typeof record.title === "string" ? record.title : null,
    detail: typeof record.detail === "string" ? record.detail : null,
    errors,
  };
}

/** A response's body read as a problem document; null when it is not JSON or not an object. */
export async function readProblem(response: Response): Promise<ProblemParts | null> {
  try {
    return problemParts(await response.json());
  } catch {
    return null;
  }
}

/** One line for a learner: the detail, else the first field error ("field: reason"), else the title. */
export function problemSummary(parts: ProblemParts | null): string | null {
  if (!parts) return null;
  const first = parts.errors[0];
  return (
    parts.detail ??
    (first ? `${first.field === undefined ? "" : `${first.field}: `}${first.reason}` : null) ??
    parts.title
  );
}

function fieldError(value: unknown): ProblemParts["errors"] {
  if (typeof value !== "object" || value === null) return [];
  const { field, reason, message } = value as Record<string, unknown>;
  // `message`: what zod's own issues call the reason, should a route pass them on unmapped.
  const text = typeof reason === "string" ? reason : typeof message === "string" ? message : null;
  if (text === null) return [];
  return [{ ...(typeof field === "string" ? { field } : {}), reason: text }];
}
