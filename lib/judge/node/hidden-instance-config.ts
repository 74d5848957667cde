import { z } from "zod";

// The switch for the hidden suites' own instance (docs/decisions/310), spread into lib/env.ts's
// schema. "on": each judge worker holds a second QuickJS module for the hidden suites and the
// reference, with its kept sandbox, and the learner's code never shares a memory with them
// (decision 265). "off": one module per worker, as before; the hidden suites and the reference are
// then kept out of what learner code can print by decision 190's order and erasing alone.

export const hiddenInstanceEnvShape = {
  JUDGE_HIDDEN_INSTANCE: z.enum(["on", "off"]).default("off"),
};
