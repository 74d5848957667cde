/**
 * Runs `task` in a task of its own, right after the current one; returns a cancel.
 *
 * For work an effect or a store subscription would otherwise do in the task that hydrates the page
 * (decision 580): a page's first fetch() or first localStorage write costs milliseconds of main
 * thread wherever it happens, and in that task it lengthens the longest wait a reader has. The work
 * still starts at once, only not inside React's commit.
 */
export function inNextTask(task: () => void): () => void {
  const timer = window.setTimeout(task, 0);
  return () => window.clearTimeout(timer);
}
