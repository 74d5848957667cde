import { loadQuickJS, type LoadedQuickJS } from "./load-quickjs";
import { PristineMemory } from "./pristine-memory";

/**
 * A worker's QuickJS module and the snapshot of its memory at rest (decision 190). After every
 * judge that loaded a hidden suite (and so perhaps the reference), and after recording the
 * reference's answers, the memory is put back as it was before the first judge: the next learner's
 * code starts in a heap that never held a hidden suite, a reference or another learner's code.
 */
export class WorkerSandbox {
  private constructor(
    readonly loaded: LoadedQuickJS,
    private readonly pristine: PristineMemory,
  ) {}

  static async load(loader: () => Promise<LoadedQuickJS> = loadQuickJS): Promise<WorkerSandbox> {
    const loaded = await loader();
    // One runtime made and freed first, so whatever QuickJS sets up on first use is in the snapshot.
    loaded.quickjs.newRuntime().dispose();
    return new WorkerSandbox(loaded, new PristineMemory(loaded.memory));
  }

  get quickjs() {
    return this.loaded.quickjs;
  }

  /** Erases what a judge left in memory; only between judges, when no runtime is alive. */
  erase(): void {
    this.pristine.restore();
  }

  /** The module's linear memory: the pool retires a worker whose memory grew too far. */
  wasmBytes(): number {
    return this.loaded.memory.buffer.byteLength;
  }
}
