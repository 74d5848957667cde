import "@/lib/http/zod-without-eval";
import releaseSync from "@jitl/quickjs-wasmfile-release-sync";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import { createSandboxMemory, judgeInSandbox, PreparedSandboxes } from "@/lib/judge/core";
import type { ToJudgeWorker, WarmJudgeWorker, WarmUpJob, WorkerMessage } from "./judge-protocol";

// Run, in the browser: the same judge core the server uses, on QuickJS compiled to WebAssembly, fed
// the visible tests only. The wasm file is the package's own `emscripten-module.wasm`, which the
// bundler emits as a static asset from the module's `new URL(..., import.meta.url)` (decision 051).

// The project compiles against the DOM lib; a worker's global needs only these two members.
const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<ToJudgeWorker | WarmJudgeWorker>) => void) | null;
};

function post(message: WorkerMessage) {
  scope.postMessage(message);
}

async function loadQuickJS(): Promise<QuickJSWASMModule> {
  // A fixed-maximum memory per worker: a memory bomb hits this wall, and the page replaces the worker.
  return newQuickJSWASMModuleFromVariant(
    newVariant(releaseSync, { wasmMemory: createSandboxMemory() }),
  );
}

const started = performance.now();
const quickjs = loadQuickJS();
quickjs.then(
  () => {
    performance.mark("judge:quickjs");
    post({ type: "ready", loadMs: performance.now() - started });
  },
  (error: unknown) => post({ type: "load-failed", message: describe(error) }),
);

// Jobs run one at a time: the page never sends a second one before the first answered, but a queue
// keeps that an invariant of this file rather than of its caller.
let queue: Promise<void> = Promise.resolve();
let prepared: PreparedSandboxes | undefined;

// A first judge on a fresh module is several times slower than the next (the engine compiles the
// WebAssembly and the judge's own code as it first runs them): one tiny judge while the learner
// reads the prompt takes that off the first Run, and the next Run's sandbox is made ahead of it.
// Only when the page asks, with its first message: a Run clicked before the page was idle starts
// the worker with its job, which then warms the module itself rather than wait behind a warm-up.
// (A job posted while the worker's scripts load was seen to arrive after QuickJS was ready: the
// worker cannot tell by itself whether a job is waiting.) `judge:warm` tells bench:editor it is done.
const WARM_UP_CODE = "export const one = (): number => 1;";
const WARM_UP_TESTS = `import { test, expect } from "judge";
import { one } from "./solution";
test("warm-up", () => expect(one()).toBe(1));`;

queue = quickjs.then(
  (module) => {
    prepared = new PreparedSandboxes(module);
  },
  () => {},
);

async function warmUp(job: WarmUpJob | undefined): Promise<void> {
  try {
    await judgeInSandbox({
      quickjs: await quickjs,
      code: job?.code ?? WARM_UP_CODE,
      suites: [{ file: "tests.ts", source: job?.visibleTests ?? WARM_UP_TESTS, hidden: false }],
      mode: "run",
      ...(job ? { exerciseId: job.exerciseId } : {}),
      ...(job?.limits ? { limits: job.limits } : {}),
    });
  } catch {
    // Only a warm-up (or QuickJS did not load, which the page has been told): the Run that follows
    // reports whatever is wrong.
  }
  prepareNext();
  performance.mark("judge:warm");
}

/** Makes the next Run's runtime and harness now, while the learner is not waiting (decision 202). */
function prepareNext() {
  try {
    prepared?.prepare();
  } catch {
    // The module broke making a sandbox: the next Run makes its own, and reports the damage.
    prepared = undefined;
  }
}

scope.onmessage = (event: MessageEvent<ToJudgeWorker | WarmJudgeWorker>) => {
  const job = event.data;
  if (job?.type === "warm") queue = queue.then(() => warmUp(job.job));
  if (job?.type !== "judge") return;
  queue = queue.then(() => judge(job));
};

async function judge(job: ToJudgeWorker): Promise<void> {
  let damaged = false;
  try {
    const results = await judgeInSandbox({
      quickjs: await quickjs,
      code: job.code,
      suites: [{ file: "tests.ts", source: job.visibleTests, hidden: false }],
      exerciseId: job.exerciseId,
      mode: "run",
      ...(job.limits ? { limits: job.limits } : {}),
      onTestResult: (index, result) => post({ type: "progress", id: job.id, index, result }),
      // A browser worker's stack is smaller than the server's: deep recursion can overflow the
      // host's stack before QuickJS's own limit. The module's memory is then not to be trusted.
      onSandboxDamaged: () => {
        damaged = true;
      },
      ...(prepared ? { prepared } : {}),
    });
    post({ type: "results", id: job.id, results, ...(damaged ? { damaged } : {}) });
    // A damaged module is discarded with this worker by the page; nothing more is made on it.
    if (damaged) prepared = undefined;
    else setTimeout(prepareNext, 0);
  } catch (error) {
    post({ type: "failed", id: job.id, message: describe(error) });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
