/**
 * Runs `task` when the browser is next idle (after the pending render and paint), within
 * `timeoutMs`; where requestIdleCallback is missing, after `fallbackMs`. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000, fallbackMs = 0): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(timer);
}
