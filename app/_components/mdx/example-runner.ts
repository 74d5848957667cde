import type { ExampleRun } from "@/lib/example-sandbox/run-in-sandbox";
import { DEFAULT_EXAMPLE_LIMITS } from "@/lib/example-sandbox/run-in-sandbox";
import type { ExampleWorkerMessage } from "./example-protocol";

// The page's side of the example worker: one worker for every example on the page, started on the
// first "Run", replaced when a run had to be cut off from outside (the sandbox's own time limit
// could not stop it) or left the module's memory in doubt.

export type ExampleOutcome = { run: ExampleRun; wallMs: number };

/** Loading QuickJS and the lesson's code the first time, on a slow machine. */
const LOAD_MS = 20_000;
/** The sandbox stops a program after its time limit; this is the backstop if it cannot. */
const BACKSTOP_MS = DEFAULT_EXAMPLE_LIMITS.timeMs + 3_000;

let worker: Worker | undefined;
let loaded: Promise<void> | undefined;
let nextId = 1;

function start(): Promise<void> {
  worker = new Worker(new URL("./example.worker.ts", import.meta.url), {
    type: "module",
    name: "lesson-examples",
  });
  const current = worker;
  loaded = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the sandbox took too long to load")), LOAD_MS);
    current.addEventListener(
      "message",
      function onReady(event: MessageEvent<ExampleWorkerMessage>) {
        if (event.data.type === "ready") resolve();
        else if (event.data.type === "load-failed") reject(new Error(event.data.message));
        else return;
        clearTimeout(timer);
        current.removeEventListener("message", onReady);
      },
    );
    current.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("the sandbox could not start in this browser"));
    });
  });
  loaded.catch(() => discard());
  return loaded;
}

function discard() {
  worker?.terminate();
  worker = undefined;
  loaded = undefined;
}

/** Runs an example's source in the worker. Rejects only when the sandbox itself failed. */
export async function runExampleInBrowser(source: string): Promise<ExampleOutcome> {
  await (loaded ?? start());
  const current = worker!;
  const id = nextId++;
  return new Promise<ExampleOutcome>((resolve) => {
    const timer = setTimeout(() => {
      current.removeEventListener("message", onResult);
      discard();
      resolve({
        run: {
          ok: false,
          error: `The program ran for more than ${BACKSTOP_MS / 1000} s and was stopped.`,
          lines: [],
          truncated: false,
        },
        wallMs: BACKSTOP_MS,
      });
    }, BACKSTOP_MS);
    function onResult(event: MessageEvent<ExampleWorkerMessage>) {
      const message = event.data;
      if (message.type !== "result" || message.id !== id) return;
      clearTimeout(timer);
      current.removeEventListener("message", onResult);
      if (!message.run.ok && /memory|sandbox stopped/i.test(message.run.error)) discard();
      resolve({ run: message.run, wallMs: message.wallMs });
    }
    current.addEventListener("message", onResult);
    current.postMessage({ type: "run", id, source });
  });
}
