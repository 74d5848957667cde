import { JudgePool, type JudgePoolOptions } from "./pool";

// The process's one judge pool (pool.ts), for the routes, the trap judge and the CLIs that share it.

const globalKey = Symbol.for("tradeoff.judgePool");
type PoolHolder = { [globalKey]?: JudgePool };

/**
 * The process's pool, created on first use; `options` (a function, so that its work is done once)
 * shape its creation. Kept on globalThis so that a dev server's module reloads reuse it instead of
 * starting a new set of workers each time.
 */
export function getJudgePool(options?: () => JudgePoolOptions): JudgePool {
  const holder = globalThis as PoolHolder;
  holder[globalKey] ??= new JudgePool(options?.());
  return holder[globalKey];
}

export async function shutdownJudgePool(): Promise<void> {
  const holder = globalThis as PoolHolder;
  const pool = holder[globalKey];
  delete holder[globalKey];
  await pool?.close();
}
