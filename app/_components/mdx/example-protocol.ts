import type { ExampleRun } from "@/lib/example-sandbox/run-in-sandbox";

// Messages between a lesson page and its example worker ("Edit and run").

export interface ExampleJob {
  type: "run";
  id: number;
  /** The example's TypeScript, as the learner edited it. */
  source: string;
}

export type ExampleWorkerMessage =
  | { type: "ready" }
  | { type: "load-failed"; message: string }
  | { type: "result"; id: number; run: ExampleRun; wallMs: number };
