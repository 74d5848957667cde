import type { ChildProcess } from "node:child_process";

// Servers the cluster starts (instances, the balancer) must not outlive the process that started
// them: a test run that crashed or a Ctrl+C that skipped the cleanup would leave them holding
// ports on a shared machine.

const running = new Set<ChildProcess>();
let hookInstalled = false;

/** Kills `child` (SIGKILL) when this process exits, unless it has exited first. */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (hookInstalled) return;
  hookInstalled = true;
  process.once("exit", () => {
    for (const started of running) started.kill("SIGKILL");
  });
}
