import "@/lib/http/zod-without-eval";
import releaseSync from "@jitl/quickjs-wasmfile-release-sync";
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
} from "quickjs-emscripten-core";
import { createSandboxMemory, judgeInSandbox } from "@/lib/judge/core";
import type { JudgeJob, WorkerMessage } from "./judge-protocol";

// Run, in the browser: the same judge core the server uses, on QuickJS compiled to WebAssembly, fed
// the visible tests only. The wasm file is the package's own `emscripten-module.wasm`, which the
// bundler emits as a static asset from the module's `new URL(..., import.meta.url)` (decision 051).

// The project compiles against the DOM lib; a worker's global needs only these two members.
const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<JudgeJob>) => void) | null;
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
  () => post({ type: "ready", loadMs: performance.now() - started }),
  (error: unknown) => post({ type: "load-failed", message: describe(error) }),
);

// Jobs run one at a time: the page never sends a second one before the first answered, but a queue
// keeps that an invariant of this file rather than of its caller.
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<JudgeJob>) => {
  const job = event.data;
  if (job?.type !== "judge") return;
  queue = queue.then(() => judge(job));
};

async function judge(job: JudgeJob): Promise<void> {
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
    });
    post({ type: "results", id: job.id, results, ...(damaged ? { damaged } : {}) });
  } catch (error) {
    post({ type: "failed", id: job.id, message: describe(error) });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
