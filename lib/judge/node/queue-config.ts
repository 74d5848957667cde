import { z } from "zod";

// The judge queue's environment variables (docs/decisions/230), spread into lib/env.ts's schema.
// Pure zod, so that the env module can validate them at start-up. Without JUDGE_QUEUE_URL, Submit
// judges in the web instance's own worker pool (the default: one machine, no other server).

const redisUrl = z
  .string()
  .url()
  .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL");

export const judgeQueueEnvShape = {
  /** The Redis the judge queue lives on; set it on the web instances and the judge workers. */
  JUDGE_QUEUE_URL: redisUrl.optional(),
  /** Prepended to the queue's keys, so that environments sharing one Redis never meet. */
  JUDGE_QUEUE_PREFIX: z.string().min(1).max(200).default("tradeoff:judge"),
  /** Jobs waiting in a lane's queue; one more Submit is refused at once (503, Retry-After). */
  JUDGE_QUEUE_MAX_WAITING: z.coerce.number().int().min(0).max(100_000).default(64),
  /**
   * How long a web instance waits for a judge worker's answer. Past it the learner is told the
   * result will be in their submissions: the worker still judges and records it.
   */
  JUDGE_QUEUE_DEADLINE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /**
   * A job whose worker has not renewed its lock for this long is taken back and judged again by
   * another worker (the worker was killed or lost its machine).
   */
  JUDGE_QUEUE_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /** Judge threads per `npm run judge:worker` process; default: one per core. */
  JUDGE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
};
