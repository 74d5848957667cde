import type { JudgeJob } from "@/lib/judge/node/protocol";
import type { ResultsDocument } from "@/lib/judge/results";

/**
 * Runs one job in the judge's sandbox. Traps take it as a parameter so tests and tools can pass
 * their own (an in-process QuickJS, a private pool); the server uses the judge's shared pool.
 */
export type SandboxJudge = (job: JudgeJob) => Promise<ResultsDocument>;

/** The process's judge pool (worker threads, each with a capped QuickJS), loaded on first use. */
export const poolJudge: SandboxJudge = async (job) => {
  // Imported lazily: the pool module pulls in worker_threads, which only the server may load.
  const [{ getJudgePool }, { warmupJobs }] = await Promise.all([
    import("@/lib/judge/node/pool-instance"),
    import("@/lib/judge/judge-submission"),
  ]);
  return getJudgePool(() => ({ warmup: warmupJobs() })).judge(job);
};

let inProcess:
  Promise<{ quickjs: import("quickjs-emscripten-core").QuickJSWASMModule }> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let cpuClock: import("@/lib/judge/node/thread-cpu").ThreadCpuClock | null | undefined;

/**
 * Judges in this process with one QuickJS module, one job at a time: for our own content (proving a
 * trap in `content:check`, unit tests), never for a learner's code on the server, which the pool
 * isolates in worker threads that can be killed.
 */
export const inProcessJudge: SandboxJudge = (job) => {
  const run = async () => {
    const [{ loadQuickJS }, { judgeInSandbox }, { openThreadCpuClock }] = await Promise.all([
      import("@/lib/judge/node/load-quickjs"),
      import("@/lib/judge/core/judge-in-sandbox"),
      import("@/lib/judge/node/thread-cpu"),
    ]);
    inProcess ??= loadQuickJS();
    // On this thread's CPU clock, as in the pool's workers: proving our own content on a loaded
    // machine must not time out where an idle one passes.
    cpuClock ??= openThreadCpuClock() ?? null;
    let damaged = false;
    const results = await judgeInSandbox({
      quickjs: (await inProcess).quickjs,
      ...job,
      ...(cpuClock ? { cpuNow: cpuClock.now } : {}),
      onSandboxDamaged: () => {
        damaged = true;
      },
    });
    // A module whose memory can no longer be trusted is replaced for the next job.
    if (damaged || results.verdict === "memory_limit_exceeded") inProcess = undefined;
    return results;
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
};
