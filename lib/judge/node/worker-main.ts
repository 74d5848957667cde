import { getHeapStatistics } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { ReferenceAnswerCache, judgeWithReferenceAnswers } from "../core/reference-answers";
import { RelayLink } from "../core/relay/relay-link";
import { SANDBOX_RETIRE_BYTES } from "../core/memory";
import { takeClaim } from "./job-claim";
import { loadQuickJS } from "./load-quickjs";
import { WorkerSandbox } from "./worker-sandbox";
import { JournalWriter } from "./progress-journal";
import { openThreadCpuClock } from "./thread-cpu";
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
  // One sandbox kept in the snapshot serves every judge (decision 275): erasing the memory after a
  // judge also makes it fresh, so no judge makes a runtime or loads the harness.
  const sandbox = await WorkerSandbox.load(loadQuickJS, { keep: true });
  // The hidden suites' and the reference's own module, with its kept sandbox (decisions 265, 310).
  const hidden = data.hiddenInstance
    ? await WorkerSandbox.load(loadQuickJS, { keep: true, prepareKept: RelayLink.prepareHidden })
    : undefined;
  const sandboxes = { learner: sandbox, ...(hidden ? { hidden } : {}) };
  // The differential test imports fast-check on demand; load it now, not during someone's judge.
  await import("fast-check");
  const [first, ...others] = data.warmup ?? [];
  if (first) {
    // The first twice: once compiles the harness paths, the second lets the engine's tiering catch
    // up. Then one reference judge per exercise, which records that exercise's reference answers.
    await judge(sandboxes, first, () => {}, journal);
    await judge(sandboxes, first, () => {}, journal);
    for (const job of others) await judge(sandboxes, job, () => {}, journal);
  }
  send({
    type: "ready",
    warmupMs: performance.now() - started,
    ...(cpuClock ? { tid: cpuClock.tid } : {}),
  });

  // One judge at a time, in the order sent: a job sent ahead waits here for the one running.
  let line = Promise.resolve();
  port.on("message", (message: ToWorker) => {
    if (message.type !== "judge") return;
    const { id, job } = message;
    line = line.then(async () => {
      // A module that is to be replaced judges nothing more; the pool sends its jobs elsewhere.
      if (retired) return;
      // A job sent ahead that the pool has taken back, for a worker that became free first.
      if (message.ahead && !takeClaim(data.claim, id)) return;
      try {
        if (!(await judge(sandboxes, job, send, journal, id))) retired = true;
      } catch (error) {
        retired = true;
        send({
          type: "failed",
          id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  });
}

/** Set once the pool will replace this worker (see JudgePool's "done"): nothing more is judged. */
let retired = false;

const referenceAnswers = new ReferenceAnswerCache();

// Opened on the worker's own thread: the safety nets count this thread's CPU, not the wall clock.
const cpuClock = openThreadCpuClock();

/** A worker's modules: the learner's, and the hidden suites' when they have their own. */
interface WorkerSandboxes {
  learner: WorkerSandbox;
  hidden?: WorkerSandbox;
}

async function judge(
  { learner: sandbox, hidden }: WorkerSandboxes,
  job: JudgeJob,
  send: (message: FromWorker) => void,
  journal: JournalWriter,
  id = 0,
): Promise<boolean> {
  let damaged = false;
  journal.begin(id);
  const document = await judgeWithReferenceAnswers(
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
      prepared: sandbox.prepared,
      // Decision 460: with one instance, the hidden suites' and the reference's text is blanked.
      scrubber: sandbox.scrubber,
      ...(hidden ? { hiddenQuickjs: hidden.quickjs, preparedHidden: hidden.prepared } : {}),
    },
    referenceAnswers,
    // The reference's source and answers are erased before the learner's code runs (decision 190).
    { afterRecording: () => sandbox.erase() },
  );
  const heapBytes = getHeapStatistics().used_heap_size;
  const wasmBytes = Math.max(sandbox.wasmBytes(), hidden?.wasmBytes() ?? 0);
  send({ type: "done", id, document, wasmBytes, heapBytes, damaged });
  // A damaged module is replaced with its worker: nothing more runs on it. Otherwise what the judge
  // left in memory is erased (every judge: Run's too) once this message is on its way, before the
  // next job can arrive, and the kept sandbox is fresh again.
  if (!damaged) {
    sandbox.erase();
    // H holds only what the judge's own code put there; its kept sandbox is made fresh again.
    if (hidden?.used) hidden.erase();
  }
  // What the pool replaces the worker for: a job sent ahead must not run on this module.
  return !damaged && wasmBytes <= SANDBOX_RETIRE_BYTES;
}
