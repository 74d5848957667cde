import { describe, expect, test } from "vitest";
import { listExercises, loadExerciseForJudge } from "@/lib/content/exercises";
import {
  ReferenceAnswerCache,
  judgeInSandbox,
  judgeWithReferenceAnswers,
  referenceAnswersKey,
  type ReferenceAnswers,
} from "@/lib/judge/core";
import type { JudgeCoreInput } from "@/lib/judge/core/types";
import { judgeJob } from "@/lib/judge/judge-submission";
import { sharedQuickJS, stable } from "./judge-helpers";

async function inputFor(exerciseId: string, code: "starter" | "solution"): Promise<JudgeCoreInput> {
  const { quickjs } = await sharedQuickJS();
  const exercise = loadExerciseForJudge(exerciseId);
  return { quickjs, ...judgeJob(exercise, exercise[code], "submit") };
}

// A wrong solution of fixed-window: it admits one request too many in every window.
const OFF_BY_ONE = loadExerciseForJudge("fixed-window").solution.replace(
  /this\.count < this\.limit/,
  "this.count <= this.limit",
);

describe("remembered reference answers", () => {
  test.each(listExercises().map((e) => e.id))(
    "%s: the starter and the solution get the same document with the answers remembered",
    async (id) => {
      const cache = new ReferenceAnswerCache();
      for (const code of ["starter", "solution"] as const) {
        const input = await inputFor(id, code);
        const live = await judgeInSandbox(input);
        const remembered = await judgeWithReferenceAnswers(input, cache);
        expect(stable(remembered)).toEqual(stable(live));
      }
      expect(cache.size).toBe(1);
    },
  );

  test("a wrong limiter fails the same hidden tests with the same trace", async () => {
    const cache = new ReferenceAnswerCache();
    const input = { ...(await inputFor("fixed-window", "solution")), code: OFF_BY_ONE };
    expect(OFF_BY_ONE).not.toBe(input.reference);
    const live = await judgeInSandbox(input);
    const remembered = await judgeWithReferenceAnswers(input, cache);
    expect(live.verdict).toBe("wrong_answer");
    expect(stable(remembered)).toEqual(stable(live));
  });

  test("answers are replayed, not recomputed: doctored answers change the verdict", async () => {
    const input = await inputFor("fixed-window", "solution");
    const recorded: ReferenceAnswers = { mode: "record", tests: {} };
    await judgeInSandbox({ ...input, referenceAnswers: recorded });
    const doctored = Object.fromEntries(
      Object.entries(recorded.tests).map(([index, json]) => [index, json.replace(/"1/g, '"0')]),
    );
    expect(Object.keys(doctored).length).toBeGreaterThan(0);
    const replayed = await judgeInSandbox({
      ...input,
      referenceAnswers: { mode: "replay", tests: doctored },
    });
    expect(replayed.verdict).toBe("wrong_answer");
  });

  test("answers recorded for other steps are ignored and the reference runs live", async () => {
    const input = await inputFor("fixed-window", "solution");
    const recorded: ReferenceAnswers = { mode: "record", tests: {} };
    await judgeInSandbox({ ...input, referenceAnswers: recorded });
    // Same wrong answers, but each slot claims other steps (and the batch other inputs).
    const mismatched = Object.fromEntries(
      Object.entries(recorded.tests).map(([index, json]) => {
        const slots = JSON.parse(json) as Record<string, { f: unknown; v: unknown }>;
        for (const slot of Object.values(slots)) {
          slot.f = typeof slot.f === "number" ? slot.f + 1 : `${String(slot.f)} `;
          slot.v = Array.isArray(slot.v)
            ? slot.v.map(() => "0")
            : String(slot.v).replace(/1/g, "0");
        }
        return [index, JSON.stringify(slots)];
      }),
    );
    const replayed = await judgeInSandbox({
      ...input,
      referenceAnswers: { mode: "replay", tests: mismatched },
    });
    expect(replayed.verdict).toBe("accepted");
  });

  test("answers are recorded only from the reference, whatever code is being judged", async () => {
    const cache = new ReferenceAnswerCache();
    const wrong = { ...(await inputFor("fixed-window", "solution")), code: OFF_BY_ONE };
    await judgeWithReferenceAnswers(wrong, cache);
    const key = referenceAnswersKey(wrong)!;
    const fromReference: ReferenceAnswers = { mode: "record", tests: {} };
    await judgeInSandbox({ ...wrong, code: wrong.reference!, referenceAnswers: fromReference });
    expect(cache.get(key)).toEqual(fromReference.tests);
  });

  test("Run (visible tests only, no reference) never records anything", async () => {
    const cache = new ReferenceAnswerCache();
    const { quickjs } = await sharedQuickJS();
    const exercise = loadExerciseForJudge("fixed-window");
    await judgeWithReferenceAnswers({ quickjs, ...judgeJob(exercise, OFF_BY_ONE, "run") }, cache);
    expect(cache.size).toBe(0);
  });
});
