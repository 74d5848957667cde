import type { QuickJSWASMModule } from "quickjs-emscripten-core";

/** The probe's string: large enough that the allocator must take more memory from sbrk. */
const PROBE_CHARS = 64 * 1024;
/** Where the module's static data (and so the allocator's sbrk pointer) can be: its first MB. */
const STATIC_BYTES = 1024 * 1024;

/**
 * Finds the word of the module's memory that holds its program break (emscripten's sbrk pointer):
 * the end of everything the allocator has ever taken. The module's allocator never gives memory
 * back (freeing leaves the break where it is), so every byte a judge can have written lies below
 * the break, and the memory restore can stop there (decision 320).
 *
 * Found by watching, not by a fixed address: a runtime allocates a string larger than the free
 * memory, which must move the break up, then is freed, which must leave it. The one word whose
 * value did exactly that is the break. Undefined when not exactly one did (another build of the
 * module): the caller then restores the whole memory, as before.
 */
export function findHeapBreak(
  quickjs: QuickJSWASMModule,
  memory: WebAssembly.Memory,
): number | undefined {
  const words = () => new Uint32Array(memory.buffer, 0, STATIC_BYTES / 4).slice();
  const before = words();
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  const probe = context.newString("x".repeat(PROBE_CHARS));
  const during = words();
  probe.dispose();
  context.dispose();
  runtime.dispose();
  const after = words();
  const size = memory.buffer.byteLength;
  const found: number[] = [];
  for (let i = 0; i < before.length; i++) {
    const [was, grew, stayed] = [before[i]!, during[i]!, after[i]!];
    if (grew - was >= PROBE_CHARS && grew === stayed && was >= STATIC_BYTES && grew <= size) {
      found.push(i * 4);
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

/** The break's value now, or undefined if it does not look like one (the restore is then whole). */
export function readHeapBreak(memory: WebAssembly.Memory, address: number): number | undefined {
  const value = new Uint32Array(memory.buffer, address, 1)[0]!;
  return value > 0 && value <= memory.buffer.byteLength ? value : undefined;
}

/** Zero bytes in a row that only the unused part of the module's stack holds (it is 5 MB). */
const STACK_GAP_BYTES = 1024 * 1024;

/**
 * The lowest address the module's allocator hands out, or lower (decision 460): this build lays
 * out its static data, then its stack, then the heap, so going down from the break through the
 * heap (and the stack's used top) the first megabyte of zeros is the unused stack, and the heap
 * lies above it. Call at rest, right after findHeapBreak. 0 when there is no such gap (another
 * build): the whole memory below the break is then searched.
 */
export function findHeapFloor(
  memory: WebAssembly.Memory,
  breakAddress: number | undefined,
): number {
  const end = breakAddress === undefined ? undefined : readHeapBreak(memory, breakAddress);
  if (end === undefined) return 0;
  const words = new Int32Array(memory.buffer, 0, end >> 2);
  let zeros = 0;
  for (let i = words.length - 1; i >= 0; i--) {
    if (words[i] !== 0) zeros = 0;
    else if (++zeros * 4 >= STACK_GAP_BYTES) return ((i + zeros) * 4) & ~7;
  }
  return 0;
}
