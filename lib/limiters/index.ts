// The public face of the course's reference limiters. One algorithm per file behind it; every one of
// them reads time from a Clock so that its behaviour is a pure function of the requests and the clock.
export { type Clock, ManualClock, SystemClock } from "./clock";
export { type Limiter, burst } from "./burst";
export { FixedWindow } from "./fixed-window";
export { SlidingLog } from "./sliding-log";
export { SlidingCounter } from "./sliding-counter";
export { TokenBucket } from "./token-bucket";
export { LeakyBucket, LeakyShaper } from "./leaky-bucket";
export { JavaRandom } from "./java-random";
