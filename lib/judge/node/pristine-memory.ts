/**
 * A WebAssembly memory put back, between two judges, exactly as it was before the first (decision
 * 190). QuickJS frees a judge's objects but not their bytes: what the hidden suite, the reference
 * or another learner's code left in freed memory would be readable by the next learner's code if
 * the engine ever let it read its heap. Restoring the module's whole linear memory (its data, its
 * allocator's state and its heap) to a snapshot taken at rest erases all of it, for about 2 ms of
 * CPU, where loading a new module costs about 10 ms.
 */
export class PristineMemory {
  private readonly snapshot: Uint8Array;

  /** Takes the snapshot: call when no runtime of the module is alive. */
  constructor(private readonly memory: WebAssembly.Memory) {
    const bytes = new Uint8Array(memory.buffer);
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    this.snapshot = bytes.slice(0, end);
  }

  /** Puts the memory back (zero past the snapshot): only when no runtime of the module is alive. */
  restore(): void {
    // The buffer is replaced when the memory grows: take the current one.
    const bytes = new Uint8Array(this.memory.buffer);
    bytes.set(this.snapshot);
    bytes.fill(0, this.snapshot.length);
  }
}
