import type { InterviewFile } from "@/lib/content/interview";
import type { AttemptInput, InterviewKind } from "./attempt-schemas";
import { scoreRubric, UnknownRubricPointError } from "./scoring";

// Turns what the browser sent into the row to store, checked against the lesson's interview.yaml:
// every ticked point must exist, every question and phase must be the lesson's. Pure; problems come
// back as field errors for a 422.

export interface AttemptRecord {
  kind: InterviewKind;
  score: number;
  total: number;
  timeUsedMs: number;
  timeLimitMs: number;
  /** Stored as JSON text. */
  details: unknown;
  marks: { part: string; point: string; said: boolean }[];
}

export type BuildResult =
  { ok: true; record: AttemptRecord } | { ok: false; errors: { field: string; reason: string }[] };

/** The part id of the drill's marks. */
export const DRILL_PART = "answer";

export function buildAttempt(interview: InterviewFile, input: AttemptInput): BuildResult {
  try {
    if (input.kind === "drill") return buildDrill(interview, input);
    if (input.kind === "follow-ups") return buildFollowUps(interview, input);
    return buildSimulation(interview, input);
  } catch (caught) {
    if (caught instanceof FieldProblem) return { ok: false, errors: [caught.error] };
    throw caught;
  }
}

class FieldProblem extends Error {
  constructor(readonly error: { field: string; reason: string }) {
    super(error.reason);
  }
}

function score(points: Parameters<typeof scoreRubric>[0], said: string[], field: string) {
  try {
    return scoreRubric(points, said);
  } catch (caught) {
    if (caught instanceof UnknownRubricPointError) {
      throw new FieldProblem({ field, reason: caught.message });
    }
    throw caught;
  }
}

function marksOf(part: string, result: { said: string[]; missed: string[] }) {
  return [
    ...result.said.map((point) => ({ part, point, said: true })),
    ...result.missed.map((point) => ({ part, point, said: false })),
  ];
}

function buildDrill(
  interview: InterviewFile,
  input: Extract<AttemptInput, { kind: "drill" }>,
): BuildResult {
  const result = score(interview.drill.points, input.said, "said");
  return {
    ok: true,
    record: {
      kind: "drill",
      score: result.score,
      total: result.total,
      timeLimitMs: input.timeLimitMs,
      timeUsedMs: Math.min(input.timeUsedMs, input.timeLimitMs),
      details: {
        said: result.said,
        answeredBy: input.answeredBy,
        ...(input.typed ? { typed: input.typed } : {}),
      },
      marks: marksOf(DRILL_PART, result),
    },
  };
}

function buildFollowUps(
  interview: InterviewFile,
  input: Extract<AttemptInput, { kind: "follow-ups" }>,
): BuildResult {
  const questions = interview.followUps?.questions ?? [];
  if (questions.length === 0) {
    return { ok: false, errors: [{ field: "kind", reason: "this lesson has no follow-ups" }] };
  }
  const seen = new Set<string>();
  const parts = input.questions.map((answer, index) => {
    const question = questions.find((q) => q.card === answer.card);
    if (!question) {
      throw new FieldProblem({
        field: `questions.${index}.card`,
        reason: `"${answer.card}" is not a follow-up of this lesson`,
      });
    }
    if (seen.has(answer.card)) {
      throw new FieldProblem({ field: `questions.${index}.card`, reason: "asked twice" });
    }
    seen.add(answer.card);
    const result = score(question.points, answer.said, `questions.${index}.said`);
    return { answer, result };
  });
  return {
    ok: true,
    record: {
      kind: "follow-ups",
      score: parts.reduce((sum, part) => sum + part.result.score, 0),
      total: parts.reduce((sum, part) => sum + part.result.total, 0),
      timeUsedMs: parts.reduce(
        (sum, { answer }) => sum + Math.min(answer.timeUsedMs, answer.timeLimitMs),
        0,
      ),
      timeLimitMs: parts.reduce((sum, { answer }) => sum + answer.timeLimitMs, 0),
      details: {
        questions: parts.map(({ answer, result }) => ({
          card: answer.card,
          said: result.said,
          score: result.score,
          total: result.total,
          rating: answer.rating,
          timeUsedMs: Math.min(answer.timeUsedMs, answer.timeLimitMs),
        })),
      },
      marks: parts.flatMap(({ answer, result }) => marksOf(answer.card, result)),
    },
  };
}

function buildSimulation(
  interview: InterviewFile,
  input: Extract<AttemptInput, { kind: "simulation" }>,
): BuildResult {
  const phases = interview.simulation?.phases ?? [];
  if (phases.length === 0) {
    return { ok: false, errors: [{ field: "kind", reason: "this lesson has no simulation" }] };
  }
  const sent = new Map(input.phases.map((phase) => [phase.id, phase]));
  input.phases.forEach((phase, index) => {
    if (!phases.some((p) => p.id === phase.id)) {
      throw new FieldProblem({
        field: `phases.${index}.id`,
        reason: `"${phase.id}" is not a phase of this simulation`,
      });
    }
  });
  // Every phase of the round is scored, a skipped one as nothing said.
  const parts = phases.map((phase, index) => {
    const answer = sent.get(phase.id);
    const result = score(phase.rubric, answer?.said ?? [], `phases.${index}.said`);
    return { phase, result, timeUsedMs: answer?.timeUsedMs ?? 0 };
  });
  return {
    ok: true,
    record: {
      kind: "simulation",
      score: parts.reduce((sum, part) => sum + part.result.score, 0),
      total: parts.reduce((sum, part) => sum + part.result.total, 0),
      timeUsedMs: parts.reduce((sum, part) => sum + part.timeUsedMs, 0),
      timeLimitMs: phases.reduce((sum, phase) => sum + phase.minutes * 60_000, 0),
      details: {
        phases: parts.map(({ phase, result, timeUsedMs }) => ({
          id: phase.id,
          said: result.said,
          score: result.score,
          total: result.total,
          timeUsedMs,
        })),
        notes: input.notes,
        drawing: input.drawing,
      },
      marks: parts.flatMap(({ phase, result }) => marksOf(phase.id, result)),
    },
  };
}
