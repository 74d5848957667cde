import type { AttemptInput, AttemptView } from "@/lib/interview/attempt-schemas";
import { readProblem } from "@/lib/http/read-problem";

// The interview routes, from the browser. Dates arrive as strings.

export type AttemptJson = Omit<AttemptView, "createdAt"> & { createdAt: string };

export type SaveOutcome = { ok: true; attempt: AttemptJson } | { ok: false; message: string };

export async function postAttempt(
  lesson: { course: string; lesson: string },
  input: AttemptInput,
): Promise<SaveOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/interview/${lesson.course}/${lesson.lesson}/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, message: "Could not reach the server: nothing was saved. Try again." };
  }
  if (!response.ok) {
    const problem = await readProblem(response);
    const detail = (problem?.errors ?? [])
      .map((e) => `${e.field || "body"}: ${e.reason}`)
      .join("; ");
    return {
      ok: false,
      message: `Not saved (HTTP ${response.status})${detail ? `: ${detail}` : ""}. Try again.`,
    };
  }
  return { ok: true, attempt: (await response.json()) as AttemptJson };
}
