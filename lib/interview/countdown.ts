// The answer timer as a pure function of three instants: when the answer started, how long it may
// last, and now. The page ticks it from the browser's clock; tests pass a fake one.

export interface CountdownState {
  elapsedMs: number;
  remainingMs: number;
  expired: boolean;
  /** What the countdown shows: whole seconds left, rounded up (44.2 s left reads "45"). */
  secondsShown: number;
}

export function countdownAt(startedAt: number, limitMs: number, now: number): CountdownState {
  const elapsedMs = Math.max(0, now - startedAt);
  const remainingMs = Math.max(0, limitMs - elapsedMs);
  return {
    elapsedMs: Math.min(elapsedMs, limitMs),
    remainingMs,
    expired: remainingMs === 0,
    secondsShown: Math.ceil(remainingMs / 1000),
  };
}

/** The time an answer took, never more than its limit: the timer stops the answer when it runs out. */
export function timeUsed(startedAt: number, stoppedAt: number, limitMs: number): number {
  return Math.min(limitMs, Math.max(0, Math.round(stoppedAt - startedAt)));
}

/** "0:45", "12:05": minutes and seconds of a duration, rounded up to the second. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** "38 s", "2 min 5 s": how long an answer took, for the attempt list. */
export function describeDuration(ms: number): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}
