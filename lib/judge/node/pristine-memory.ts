import { readHeapBreak } from "./heap-break";

/**
 * A WebAssembly memory put back, between two judges, exactly as it was before the first (decision
 * 190). QuickJS frees a judge's objects but not their bytes: what the hidden suite, the reference
 * or another learner's code left in freed memory would be readable by the next learner's code if
 * the engine ever let it read its heap. Restoring the module's linear memory (its data, its
 * allocator's state and its heap) to a snapshot taken at rest erases all of it, for about 2 ms of
 * CPU, where loading a new module costs about 10 ms.
 *
 * With the address of the module's program break (heap-break.ts), only the memory below the break
 * is restored: nothing above it was ever written (decision 320).
 */
export class PristineMemory {
  private readonly snapshot: Uint8Array;
  /** The break at rest: a restore that finds it lower than this trusts nothing and is whole. */
  private readonly restingBreak: number | undefined;

  /** Takes the snapshot: call when no runtime of the module is alive. */
  constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly breakAddress?: number,
  ) {
    const bytes = new Uint8Array(memory.buffer);
    this.restingBreak =
      breakAddress === undefined ? undefined : readHeapBreak(memory, breakAddress);
    // Nothing past the break at rest has been written: the scan for the last non-zero byte starts there.
    let end = this.restingBreak ?? bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    this.snapshot = bytes.slice(0, end);
  }

  /** Puts the memory back (zero past the snapshot): only when no runtime of the module is alive. */
  restore(): void {
    // The buffer is replaced when the memory grows: take the current one.
    const bytes = new Uint8Array(this.memory.buffer);
    // Read before the snapshot is put back: the snapshot holds the break at rest.
    const end = this.writtenEnd(bytes.length);
    bytes.set(this.snapshot);
    bytes.fill(0, this.snapshot.length, end);
  }

  /** Where the bytes a judge may have written end: the break, or the whole memory if in doubt. */
  private writtenEnd(length: number): number {
    if (this.breakAddress === undefined || this.restingBreak === undefined) return length;
    const end = readHeapBreak(this.memory, this.breakAddress);
    if (end === undefined || end < this.restingBreak) return length;
    return Math.max(end, this.snapshot.length);
  }
}
