import { z } from "zod";

/**
 * The results document: what one judge of one submission produced, for the results panel, the
 * timeline chart, the CLI and the progress record. Modelled on Exercism's results.json v3 so the shape
 * is familiar (top-level status, tests in file order, a message per test), extended with a verdict,
 * resource use, a shrunk counterexample and compile errors placed for Monaco markers.
 */
export const RESULTS_VERSION = 3;

export const topStatusSchema = z.enum(["pass", "fail", "error"]);
export const testStatusSchema = z.enum(["pass", "fail", "error"]);

/** The single word a learner sees first. Ordered from "worst" to "best" in `VERDICT_PRIORITY`. */
export const verdictSchema = z.enum([
  "accepted",
  "wrong_answer",
  "compile_error",
  "runtime_error",
  "time_limit_exceeded",
  "memory_limit_exceeded",
  "output_limit_exceeded",
]);

/** One request of a trace: when it came, how many tokens it asked for, what each side decided. */
export const traceRequestSchema = z.object({
  /** Clock time of the request in ms (the injected clock, not the wall clock). */
  t: z.number(),
  /** Cost of the request (tryAcquire(n)); absent means 1. */
  n: z.number().optional(),
  /** The key, for keyed limiters. */
  key: z.string().optional(),
  /** Which instance served it, for the distributed exercise. */
  instance: z.number().int().optional(),
  /** The reference's decision (or the test's stated expectation). */
  expected: z.boolean(),
  /** The learner's decision. */
  actual: z.boolean(),
});

/** A point of the token level (or leaky-bucket water level) of the reference, after a request. */
export const levelPointSchema = z.object({ t: z.number(), level: z.number() });

/**
 * Everything the timeline chart draws: requests over time, admitted or denied for both sides,
 * the window edges or the token level for context, and the first request where they disagree.
 */
export const traceSchema = z.object({
  requests: z.array(traceRequestSchema),
  /** Index into `requests` of the first disagreement; null when they agree throughout. */
  firstDivergence: z.number().int().nullable(),
  /** Aligned window boundaries (ms) inside the trace's time span, for window-based limiters. */
  windowEdges: z.array(z.number()).optional(),
  /** The reference's token level (token/leaky bucket) after each request. */
  level: z.array(levelPointSchema).optional(),
  /** Upper bound for the level axis (bucket capacity). */
  capacity: z.number().optional(),
  /** True when the trace was cut to keep the document small. */
  truncated: z.boolean().optional(),
});

export const testResultSchema = z.object({
  name: z.string(),
  status: testStatusSchema,
  /** A hidden test's theme ("window boundary", "fractional refill", ...). */
  category: z.string().optional(),
  hidden: z.boolean(),
  /**
   * Written for the learner: the trace that led there and the first divergence. A hidden test has
   * one only when it errored, and then only the kind of error and where (`hiddenErrorDetail`).
   */
  message: z.string().optional(),
  /** The failing trace for the timeline chart. Absent for hidden tests. */
  trace: traceSchema.optional(),
  /** What the learner's code printed during this test (capped). Absent for hidden tests. */
  output: z.string().optional(),
});

/** A random trace on which the learner's limiter and the reference disagree, shrunk by fast-check. */
export const counterexampleSchema = z.object({
  /** The test that found it (the differential test's name). */
  test: z.string(),
  /** e.g. "new FixedWindow(3, 1000, clock)". */
  setup: z.string(),
  /** Learner-facing explanation, same style as a test message. */
  message: z.string(),
  trace: traceSchema,
  /** Seed and path reproduce the run; useful in bug reports, not shown by default. */
  seed: z.number().int().optional(),
  numRuns: z.number().int().optional(),
  shrinks: z.number().int().optional(),
});

/** 1-based line and column in the learner's source, as Monaco markers expect. */
export const compileErrorSchema = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  message: z.string(),
});

export const resourcesSchema = z.object({
  /** Wall time spent judging, host side (ms). */
  wallMs: z.number().min(0),
  /** QuickJS heap in use at the end (bytes), when known. */
  memoryBytes: z.number().min(0).optional(),
  /** Interpreter work in steps (one per ~10k bytecode operations): the machine-independent cost. */
  steps: z.number().int().min(0).optional(),
  /** CPU ms the judge's thread used (10 ms ticks), where the host can read it: what the nets count. */
  cpuMs: z.number().min(0).optional(),
});

export const resultsDocumentSchema = z.object({
  version: z.literal(RESULTS_VERSION),
  exerciseId: z.string().optional(),
  mode: z.enum(["run", "submit"]).optional(),
  /** pass: every test passed; fail: tests ran and some did not pass; error: the suite did not run. */
  status: topStatusSchema,
  verdict: verdictSchema,
  /** Why the suite did not run (status error), or a summary for time/memory verdicts. */
  message: z.string().optional(),
  resources: resourcesSchema,
  tests: z.array(testResultSchema),
  counterexample: counterexampleSchema.optional(),
  compileErrors: z.array(compileErrorSchema).optional(),
  /** Output printed while loading the module, outside any test (capped). */
  output: z.string().optional(),
  /** Something was cut or left out to keep the document under MAX_RESULTS_BYTES. */
  truncated: z.boolean().optional(),
});

export type TopStatus = z.infer<typeof topStatusSchema>;
export type TestStatus = z.infer<typeof testStatusSchema>;
export type Verdict = z.infer<typeof verdictSchema>;
export type TraceRequest = z.infer<typeof traceRequestSchema>;
export type LevelPoint = z.infer<typeof levelPointSchema>;
export type Trace = z.infer<typeof traceSchema>;
export type TestResult = z.infer<typeof testResultSchema>;
export type Counterexample = z.infer<typeof counterexampleSchema>;
export type CompileError = z.infer<typeof compileErrorSchema>;
export type Resources = z.infer<typeof resourcesSchema>;
export type ResultsDocument = z.infer<typeof resultsDocumentSchema>;

/**
 * When several things went wrong, the verdict names the most fundamental: code that does not
 * compile cannot be wrong, and a test killed for time says nothing about correctness.
 */
export const VERDICT_PRIORITY: readonly Verdict[] = [
  "compile_error",
  "memory_limit_exceeded",
  "time_limit_exceeded",
  "output_limit_exceeded",
  "runtime_error",
  "wrong_answer",
  "accepted",
];

export function worstVerdict(verdicts: Iterable<Verdict>): Verdict {
  let best = VERDICT_PRIORITY.length - 1;
  for (const v of verdicts) best = Math.min(best, VERDICT_PRIORITY.indexOf(v));
  return VERDICT_PRIORITY[best] ?? "accepted";
}

/**
 * The headline of a judge whose tests ran: the verdict of the first test that did not pass, in file
 * order (visible tests first), as Exercism reports results. Fixing that test is the learner's next
 * step; a hidden test that threw later must not hide two visible wrong answers.
 */
export function headlineVerdict(verdicts: Iterable<Verdict>): Verdict {
  for (const v of verdicts) if (v !== "accepted") return v;
  return "accepted";
}

/**
 * What a hidden test that threw may say: the kind of error and where in the learner's file, never
 * the learner's own message text, which could carry the hidden test's inputs out. Engine messages
 * ("cannot read property 'tokens' of undefined") are kept: they describe the learner's code.
 */
export function hiddenErrorDetail(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [first = "", ...rest] = message.split("\n");
  const frame = rest.map((line) => line.trim()).find((line) => line.startsWith("at "));
  const error = /^([A-Za-z]*Error)(?:: (.*))?$/.exec(first);
  if (!error) return "your code threw (its message is not shown for hidden tests)";
  const [, name, text = ""] = error;
  const engine = ENGINE_MESSAGES.some((pattern) => pattern.test(text)) && text.length <= 120;
  const what = engine ? `${name}: ${text}` : `${name} (its message is not shown for hidden tests)`;
  return frame ? `${what}\n    ${frame}` : what;
}

/** QuickJS's own wording for the errors learner code most often meets. */
const ENGINE_MESSAGES = [
  /^cannot read property '[\w$]{1,40}' of (undefined|null)$/,
  /^cannot set property '[\w$]{1,40}' of (undefined|null)$/,
  /^'[\w$]{1,40}' is not defined$/,
  /^not a function$/,
  /^[\w$.]{1,40} is not a function$/,
  /^not a constructor$/,
  /^invalid array length$/,
  /^stack overflow$/,
  /^out of memory$/,
  /^interrupted$/,
  /^value is not iterable$/,
  /^not an object$/,
  /^a built-in cannot be changed in the judge: \w+$/,
];

/** Strips what a hidden test must not reveal; applied again at the boundary as a second lock. */
export function redactHidden(test: TestResult): TestResult {
  if (!test.hidden) return test;
  // Only an errored test's message survives, and the judge writes that one (hiddenErrorDetail).
  const detail = test.status === "error" ? test.message : undefined;
  return {
    name: test.name,
    status: test.status,
    hidden: true,
    ...(test.category === undefined ? {} : { category: test.category }),
    ...(detail === undefined ? {} : { message: detail }),
  };
}
