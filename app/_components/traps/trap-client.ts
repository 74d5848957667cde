import type { ResultsDocument } from "@/lib/judge/results";
import type { ScenarioOutcome } from "@/lib/traps/outcome";
import { readProblem } from "@/lib/http/read-problem";

// The trap routes, from the browser. Every way a request can fail becomes a sentence to show.

export interface ScenarioView {
  outcome: ScenarioOutcome | null;
  problem: string | null;
  output: string;
  verdict: ResultsDocument["verdict"];
}

export interface PredictionResponse {
  answer: number;
  correct: boolean;
  expected: number;
  run: ScenarioView;
  cardDue: string | null;
}

export interface FixResponse {
  results: ResultsDocument;
  run: ScenarioView;
  accepted: boolean;
  reference: string | null;
}

export interface TrapProgressView {
  firstPrediction: { answer: number; correct: boolean } | null;
  predictions: number;
  fixAttempts: number;
  fixed: boolean;
}

export type TrapReply<T> = { ok: true; value: T } | { ok: false; message: string };

function base(course: string, lesson: string) {
  return `/api/traps/${encodeURIComponent(course)}/${encodeURIComponent(lesson)}`;
}

async function post<T>(url: string, body: unknown): Promise<TrapReply<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return {
      ok: false,
      message: "Could not reach the server. Check your connection and try again.",
    };
  }
  if (response.ok) return { ok: true, value: (await response.json()) as T };
  // Not a problem document: the status says enough.
  const problem = await readProblem(response);
  const detail = problem?.errors[0]?.reason ?? problem?.title ?? "";
  return {
    ok: false,
    message: `The server refused it (HTTP ${response.status}${detail ? `: ${detail}` : ""}).`,
  };
}

export function postPrediction(course: string, lesson: string, trap: string, answer: number) {
  return post<PredictionResponse>(`${base(course, lesson)}/${trap}/predict`, { answer });
}

export function postFix(course: string, lesson: string, trap: string, code: string) {
  return post<FixResponse>(`${base(course, lesson)}/${trap}/fix`, { code });
}

// Every trap on a page asks for the same lesson's progress: one request serves them all.
const progressRequests = new Map<string, Promise<Record<string, TrapProgressView>>>();

export function fetchTrapProgress(
  course: string,
  lesson: string,
): Promise<Record<string, TrapProgressView>> {
  const key = `${course}/${lesson}`;
  let request = progressRequests.get(key);
  if (!request) {
    request = fetch(base(course, lesson), { headers: { accept: "application/json" } })
      .then(async (response) =>
        response.ok
          ? ((await response.json()) as { traps: Record<string, TrapProgressView> }).traps
          : {},
      )
      .catch(() => ({}));
    progressRequests.set(key, request);
    // A later visit (client-side navigation) asks again.
    void request.finally(() => setTimeout(() => progressRequests.delete(key), 1000));
  }
  return request;
}

let declarations: Promise<string> | undefined;

/** The sandbox's "judge" module declarations, for the editor; fetched once, when an editor opens. */
export function fetchJudgeTypes(): Promise<string> {
  declarations ??= fetch("/api/traps/judge-types")
    .then((response) => (response.ok ? response.text() : ""))
    .catch(() => "");
  return declarations;
}
