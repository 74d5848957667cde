import releaseSync from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import type { ModuleSources } from "@/lib/example-sandbox/resolve";
import { runExampleInSandbox } from "@/lib/example-sandbox/run-in-sandbox";
import { createSandboxMemory } from "@/lib/judge/core/memory";
import type { ExampleJob, ExampleWorkerMessage } from "./example-protocol";

// "Edit and run", in the browser: the learner's version of a lesson example runs in QuickJS (the
// same WebAssembly build the exercise judge uses), against lib/limiters and lib/simulation as the
// site built them (/example-modules.json). Nothing is evaluated by the page itself (decision 142).

const scope = self as unknown as {
  postMessage(message: ExampleWorkerMessage): void;
  onmessage: ((event: MessageEvent<ExampleJob>) => void) | null;
};

const ready = Promise.all([
  newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory: createSandboxMemory() })),
  fetch("/example-modules.json").then(async (response) => {
    if (!response.ok) throw new Error(`the lesson's code did not load (HTTP ${response.status})`);
    return (await response.json()) as ModuleSources;
  }),
]);

ready.then(
  () => scope.postMessage({ type: "ready" }),
  (error: unknown) =>
    scope.postMessage({
      type: "load-failed",
      message: error instanceof Error ? error.message : String(error),
    }),
);

let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const job = event.data;
  if (job?.type !== "run") return;
  queue = queue.then(async () => {
    const [quickjs, modules] = await ready;
    const started = performance.now();
    const run = runExampleInSandbox({ quickjs, source: job.source, modules });
    scope.postMessage({ type: "result", id: job.id, run, wallMs: performance.now() - started });
  });
};
