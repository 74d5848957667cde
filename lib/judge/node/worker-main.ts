import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PreparedSandboxes } from "../core/prepared-sandboxes";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "../core/reference-answers";
import { WorkerSandbox } from "./worker-sandbox";
import { JournalWriter } from "./progress-journal";
import { openThreadCpuClock } from "./thread-cpu";
import type { ResultsDocument } from "../results";
import type { FromWorker, JudgeJob, ToWorker, WorkerData } from "./protocol";

/**
 * The worker thread's loop: one QuickJS module (with its capped memory, erased between judges:
 * worker-sandbox.ts) judges one job at a time.
 * Runs in a worker started by the pool with a 4 MB stack, so the sandbox's 256 KB stack limit trips
 * long before the host's.
 */
export async function startJudgeWorker(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error("startJudgeWorker() must run in a worker thread");
  const data = workerData as WorkerData;
  const send = (message: FromWorker) => port.postMessage(message);
  const journal = new JournalWriter(data.journal);

  const started = performance.now();
  const sandbox = await WorkerSandbox.load();
  // The differential test imports fast-check on demand; load it now, not during someone's judge.
  await import("fast-check");
  const [first, ...others] = data.warmup ?? [];
  if (first) {
    // The first twice: once compiles the harness paths, the second lets the engine's tiering catch
    // up. Then one reference judge per exercise, which records that exercise's reference answers.
    await judge(sandbox, first, () => {}, journal);
    await judge(sandbox, first, () => {}, journal);
    for (const job of others) await judge(sandbox, job, () => {}, journal);
  }
  prepareNext(sandbox);
  send({
    type: "ready",
    warmupMs: performance.now() - started,
    ...(cpuClock ? { tid: cpuClock.tid } : {}),
  });

  port.on("message", (message: ToWorker) => {
    if (message.type !== "judge") return;
    const { id, job } = message;
    judge(sandbox, job, send, journal, id).catch((error: unknown) => {
      send({ type: "failed", id, message: error instanceof Error ? error.message : String(error) });
    });
  });
}

const referenceAnswers = new ReferenceAnswerCache();
let prepared: PreparedSandboxes | undefined;
/** A judge is running: making a sandbox now would spend its CPU budget (the net counts the thread). */
let judging = false;

/**
 * Makes the next judge's sandbox (runtime and harness, about a third of a judge) now, while the
 * worker waits, not on the learner's time (decision 202). If even that breaks the module, the
 * worker ends: the pool replaces a worker that exits, and no judge runs on a broken module.
 */
function prepareNext({ quickjs }: WorkerSandbox): void {
  if (judging) return;
  prepared ??= new PreparedSandboxes(quickjs);
  try {
    prepared.prepare();
  } catch {
    process.exit(1);
  }
}
// Opened on the worker's own thread: the safety nets count this thread's CPU, not the wall clock.
const cpuClock = openThreadCpuClock();

async function judge(
  sandbox: WorkerSandbox,
  job: JudgeJob,
  send: (message: FromWorker) => void,
  journal: JournalWriter,
  id = 0,
): Promise<void> {
  let damaged = false;
  judging = true;
  journal.begin(id);
  let document: ResultsDocument;
  try {
    document = await judgeWithReferenceAnswers(
      {
        quickjs: sandbox.quickjs,
        ...job,
        ...(cpuClock ? { cpuNow: cpuClock.now, cpuResolutionMs: cpuClock.resolutionMs } : {}),
        // Progress goes to the shared journal; a message only if it does not fit there.
        onPlan: (tests) => {
          if (!journal.append({ plan: tests })) send({ type: "plan", id, tests });
        },
        onTestResult: (index, result, verdict) => {
          if (!journal.append({ index, result, verdict })) {
            send({ type: "test", id, index, result, verdict });
          }
        },
        onSandboxDamaged: () => {
          damaged = true;
        },
        ...(prepared ? { prepared } : {}),
      },
      referenceAnswers,
      // Erasing needs every runtime of the module freed: the one made ahead too (decision 190).
      { afterRecording: () => erase(sandbox) },
    );
  } finally {
    judging = false;
  }
  const heapBytes = getHeapStatistics().used_heap_size;
  send({ type: "done", id, document, wasmBytes: sandbox.wasmBytes(), heapBytes, damaged });
  // A damaged module is replaced with its worker: nothing more is made on it. Otherwise what the
  // judge left in memory is erased and the next sandbox made once this message is on its way,
  // before the next job can arrive.
  if (damaged) prepared?.discard();
  else {
    if (job.suites.some((suite) => suite.hidden)) erase(sandbox);
    setImmediate(() => prepareNext(sandbox));
  }
}

/** Puts the module's memory back as it was before the first judge (no runtime may be alive). */
function erase(sandbox: WorkerSandbox): void {
  prepared?.discard();
  sandbox.erase();
}
