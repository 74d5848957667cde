// Next calls register() once as a server starts (`next start`, `next dev`; never during a build).
// The judge's workers start and warm here, not on the first Submit (docs/decisions/201).
export async function register(): Promise<void> {
  // Set by Next for each bundle it builds (nodejs or edge), not configuration: the workers are
  // Node threads.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJudgeLanes } = await import("@/lib/protection/guarded-judge");
  const started = performance.now();
  console.log("[judge] starting the judge's workers");
  startJudgeLanes().then(
    ({ workers, warmupMs }) =>
      workers > 0 &&
      console.log(
        `[judge] ${workers} judge workers warm in ${Math.round(performance.now() - started)} ms (each worker's warm-up: ${warmupMs.map(Math.round).join(", ")} ms)`,
      ),
    (error: unknown) => console.error("[judge] the judge's workers failed to start", error),
  );
}
