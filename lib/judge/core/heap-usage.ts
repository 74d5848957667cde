import type { QuickJSContext, QuickJSRuntime } from "quickjs-emscripten-core";
import type { Meter } from "./meter";

/** Heap objects that `heapBytes()` walks per step of work charged (measured: ~30 per microsecond). */
const HEAP_OBJECTS_PER_STEP = 25_000;

/** QuickJS's count of the bytes and objects its heap holds; undefined when it cannot be measured. */
export function heapUsage(
  runtime: QuickJSRuntime,
  context: QuickJSContext,
): { bytes: number; objects: number } | undefined {
  try {
    const handle = runtime.computeMemoryUsage();
    const usage = context.dump(handle) as { memory_used_size?: number; obj_count?: number };
    handle.dispose();
    if (usage.memory_used_size === undefined) return undefined;
    return { bytes: usage.memory_used_size, objects: usage.obj_count ?? 0 };
  } catch {
    return undefined;
  }
}

/**
 * The judge's `heapBytes()`: QuickJS's count of the bytes its heap holds, NaN when it cannot be
 * measured (the heap is full). Measuring walks every object, so it is charged as work by the
 * objects walked, and refused once the limit is used up: a loop of calls on a large heap must not
 * keep the host busy between two interrupt checks.
 */
export function heapBytesForGuest(
  meter: Meter,
  measure: () => ReturnType<typeof heapUsage>,
): number {
  if (meter.expired()) return Number.NaN;
  const usage = measure();
  meter.steps += 1 + (usage?.objects ?? 0) / HEAP_OBJECTS_PER_STEP;
  return usage?.bytes ?? Number.NaN;
}
