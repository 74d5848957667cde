import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { judgeInSandbox } from "../core/judge-in-sandbox";
import { loadQuickJS, type LoadedQuickJS } from "./load-quickjs";
import type { FromWorker, JudgeJob, ToWorker, WorkerData } from "./protocol";

/**
 * The worker thread's loop: one QuickJS module (with its capped memory) judges one job at a time.
 * Runs in a worker started by the pool with a 4 MB stack, so the sandbox's 256 KB stack limit trips
 * long before the host's.
 */
export async function startJudgeWorker(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("startJudgeWorker() must run in a worker thread");
  const data = workerData as WorkerData;
  const send = (message: FromWorker) => port.postMessage(message);

  const started = performance.now();
  const sandbox = await loadQuickJS();
  // The differential test imports fast-check on demand; load it now, not during someone's judge.
  await import("fast-check");
  if (data.warmup) {
    // Twice: the first compiles the harness paths, the second lets the engine's tiering catch up.
    await judge(sandbox, data.warmup, () => {});
    await judge(sandbox, data.warmup, () => {});
  }
  send({ type: "ready", warmupMs: performance.now() - started });

  port.on("message", (message: ToWorker) => {
    if (message.type !== "judge") return;
    const { id, job } = message;
    judge(sandbox, job, send, id).catch((error: unknown) => {
      send({ type: "failed", id, message: error instanceof Error ? error.message : String(error) });
    });
  });
}

async function judge(
  { quickjs, memory }: LoadedQuickJS,
  job: JudgeJob,
  send: (message: FromWorker) => void,
  id = 0,
): Promise<void> {
  let damaged = false;
  const document = await judgeInSandbox({
    quickjs,
    ...job,
    onPlan: (tests) => send({ type: "plan", id, tests }),
    onTestResult: (index, result, verdict) => send({ type: "test", id, index, result, verdict }),
    onSandboxDamaged: () => {
      damaged = true;
    },
  });
  const heapBytes = getHeapStatistics().used_heap_size;
  send({ type: "done", id, document, wasmBytes: memory.buffer.byteLength, heapBytes, damaged });
}
