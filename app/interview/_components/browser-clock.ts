import type { Clock } from "@/lib/limiters/clock";

/** The interview room's clock: the browser's wall clock, read only in event handlers and timers. */
export const browserClock: Clock = { now: () => Date.now() };
