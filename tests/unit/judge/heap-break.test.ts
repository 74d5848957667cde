import { expect, test } from "vitest";
import { findHeapBreak, readHeapBreak } from "@/lib/judge/node/heap-break";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import { judgeExercise } from "./judge-helpers";

// The memory restore stops at the module's program break (decision 320): that is only sound if the
// break is found, never moves down, and nothing past it is ever written.

/** Allocates about 12 MB while the module loads, past the module's initial 16 MB, then drops it. */
const BIG_ALLOCATION = `const chunks: string[] = [];
for (let i = 0; i < 48; i++) chunks.push(String(i).padEnd(256 * 1024, "q"));
chunks.length = 0;
export class FixedWindowLimiter {
  constructor(private limit: number, private windowMs: number, private clock: { now(): number }) {}
  tryAcquire(): boolean { return true; }
}`;

test("the pinned QuickJS module's program break is found, and freeing memory leaves it where it was", async () => {
  const loaded = await loadQuickJS();
  const address = findHeapBreak(loaded.quickjs, loaded.memory);
  expect(address).toBeDefined();
  const atRest = readHeapBreak(loaded.memory, address!)!;
  const runtime = loaded.quickjs.newRuntime();
  const context = runtime.newContext();
  context.evalCode(`globalThis.big = "y".repeat(4 * 1024 * 1024)`).unwrap().dispose();
  const grown = readHeapBreak(loaded.memory, address!)!;
  expect(grown).toBeGreaterThan(atRest + 3 * 1024 * 1024);
  context.dispose();
  runtime.dispose();
  expect(readHeapBreak(loaded.memory, address!)).toBe(grown);
});

test("after a judge that grew the memory, erasing makes every byte what it was at rest", async () => {
  let loaded!: LoadedQuickJS;
  const worker = await WorkerSandbox.load(async () => (loaded = await loadQuickJS()), {
    keep: true,
  });
  const atRest = new Uint8Array(loaded.memory.buffer).slice();
  const document = await judgeExercise("fixed-window", BIG_ALLOCATION, "submit", {
    quickjs: worker.quickjs,
    prepared: worker.prepared,
  });
  expect(document.verdict).not.toBe("accepted");
  const grown = new Uint8Array(loaded.memory.buffer);
  expect(grown.length).toBeGreaterThan(atRest.length);
  let written = 0;
  for (let i = atRest.length; i < grown.length; i++) if (grown[i] !== 0) written++;
  expect(written, "the judge wrote past the initial memory").toBeGreaterThan(0);
  worker.erase();
  const erased = new Uint8Array(loaded.memory.buffer);
  let differing = 0;
  for (let i = 0; i < erased.length; i++)
    if (erased[i] !== (i < atRest.length ? atRest[i] : 0)) differing++;
  expect(differing).toBe(0);
}, 60_000);
