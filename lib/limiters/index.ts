// The public face of the course's reference limiters. One algorithm per file behind it; every one of
// them reads time from a Clock so that its behaviour is a pure function of the requests and the clock.
export { type Clock, ManualClock, SystemClock } from "./clock";
export { type Limiter, burst } from "./burst";
export { FixedWindow } from "./fixed-window";
export { SlidingLog } from "./sliding-log";
export { SlidingCounter } from "./sliding-counter";
export { TokenBucket } from "./token-bucket";
export { Gcra } from "./gcra";
export {
  ConcurrencyLimiter,
  type ConcurrencyLimiterOptions,
  type Priority,
} from "./concurrency-limiter";
export { type RefusedResponse, type RetryPolicyOptions, RetryPolicy } from "./retry-policy";
export { LeakyBucket, LeakyShaper } from "./leaky-bucket";
export { JavaRandom } from "./java-random";
export type { Decision } from "./decision";
export type { KeyedAlgorithm } from "./keyed-algorithm";
export { keyedTokenBucket, type TokenBucketPlan } from "./keyed-token-bucket";
export { keyedFixedWindow, type WindowPlan } from "./keyed-fixed-window";
export { keyedSlidingCounter } from "./keyed-sliding-counter";
export { keyedSlidingLog } from "./keyed-sliding-log";
export { KeyedLimiter, type KeyedLimiterOptions, stateBytesPerKey } from "./keyed-limiter";
export {
  type HttpAnswer,
  type RateLimitProblem,
  type RefusalOptions,
  RATE_LIMIT_PROBLEM_TYPE,
  rateLimitHeaders,
  httpAnswer,
  refusalResponse,
  withRateLimitHeaders,
} from "./http";
export { type BucketRequest, type BucketStore, MemoryBucketStore, bucketTtlMs } from "./store";
export { TOKEN_BUCKET_SCRIPT } from "./token-bucket-script";
export {
  type FailurePolicy,
  type SharedLimiterOptions,
  SharedLimiter,
  StoreTimeoutError,
} from "./failure-policy";
// RedisBucketStore is imported from "@/lib/limiters/redis-store": it needs ioredis and node:crypto,
// which the pure entry point (run at build time and in the browser) must not pull in.
