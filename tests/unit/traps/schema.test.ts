import { describe, expect, test } from "vitest";
import {
  gradePrediction,
  predictionAnswerProblem,
  scenarioLimits,
  SCENARIO_LIMITS,
  trapFrontmatterSchema,
  type Prediction,
} from "@/lib/traps";

const choice: Prediction = { kind: "choice", choices: ["a", "b", "c"], correct: 2 };
const number: Prediction = { kind: "number", correct: 63, tolerance: 0 };
const loose: Prediction = { kind: "number", correct: 100, tolerance: 5 };

describe("grading a prediction", () => {
  test("a choice is right only at the README's index", () => {
    expect(gradePrediction(choice, 2)).toEqual({ correct: true, expected: 2 });
    expect(gradePrediction(choice, 1)).toEqual({ correct: false, expected: 2 });
  });

  test("a number is right within the README's tolerance", () => {
    expect(gradePrediction(number, 63).correct).toBe(true);
    expect(gradePrediction(number, 64).correct).toBe(false);
    expect(gradePrediction(loose, 95).correct).toBe(true);
    expect(gradePrediction(loose, 94).correct).toBe(false);
  });

  test("a choice index outside the choices is refused before it is recorded", () => {
    expect(predictionAnswerProblem(choice, 3)).toMatch(/one of the 3 choices/);
    expect(predictionAnswerProblem(choice, 1.5)).toMatch(/one of the 3 choices/);
    expect(predictionAnswerProblem(choice, 0)).toBeNull();
    expect(predictionAnswerProblem(number, -1e9)).toBeNull();
  });
});

describe("a trap's own limits", () => {
  test("a README's scenarioTimeMs raises the scenario's budget; without it the default holds", () => {
    const front = trapFrontmatterSchema.parse({
      title: "t",
      question: "q",
      prediction: choice,
      card: "c",
      task: "do it",
      limits: { scenarioTimeMs: 6000 },
    });
    const raised = scenarioLimits(front);
    expect(raised.testTimeMs).toBe(6000);
    expect(raised.totalTimeMs).toBeGreaterThan(6000);
    expect(scenarioLimits({})).toBe(SCENARIO_LIMITS);
    expect(() =>
      trapFrontmatterSchema.parse({ ...front, limits: { scenarioTimeMs: 60_000 } }),
    ).toThrow();
  });
});
