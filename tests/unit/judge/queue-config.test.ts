import { describe, expect, test } from "vitest";
import { parseEnv } from "@/lib/env";
import { lostJudgeDocument, queuedJudgeSchema } from "@/lib/judge/node/queue-protocol";
import { resultsDocumentSchema } from "@/lib/judge/results";

describe("the judge queue's settings", () => {
  test("without JUDGE_QUEUE_URL there is no queue, and the defaults bound the web's wait", () => {
    const env = parseEnv({});
    expect(env.JUDGE_QUEUE_URL).toBeUndefined();
    expect(env.JUDGE_QUEUE_MAX_WAITING).toBe(64);
    expect(env.JUDGE_QUEUE_DEADLINE_MS).toBe(30_000);
    expect(env.JUDGE_QUEUE_LOCK_MS).toBe(10_000);
  });

  test("a queue URL that is not redis:// stops the start with the variable's name", () => {
    expect(() => parseEnv({ JUDGE_QUEUE_URL: "amqp://127.0.0.1:5672" })).toThrow(
      /JUDGE_QUEUE_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseEnv({ JUDGE_QUEUE_DEADLINE_MS: "10" })).toThrow(/JUDGE_QUEUE_DEADLINE_MS/);
    expect(parseEnv({ JUDGE_QUEUE_URL: "redis://10.0.0.5:6379" }).JUDGE_QUEUE_URL).toBe(
      "redis://10.0.0.5:6379",
    );
  });
});

describe("what travels on the judge queue", () => {
  test("a job with fields it should not have is refused by the worker's schema", () => {
    const job = {
      submissionId: "a".repeat(32),
      userId: "u1",
      exerciseId: "fixed-window",
      code: "export {}",
      mode: "submit",
    };
    expect(queuedJudgeSchema.safeParse(job).success).toBe(true);
    expect(queuedJudgeSchema.safeParse({ ...job, suites: [] }).success).toBe(false);
    expect(queuedJudgeSchema.safeParse({ ...job, mode: "judge" }).success).toBe(false);
  });

  test("a judge lost twice is an error document the learner can read, and a valid one", () => {
    const document = lostJudgeDocument({ exerciseId: "fixed-window", mode: "submit" });
    expect(resultsDocumentSchema.parse(document)).toEqual(document);
    expect(document.status).toBe("error");
    expect(document.message).toMatch(/Submit it again/);
  });
});
