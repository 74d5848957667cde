import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { Sandbox } from "../core/sandbox";
import { loadQuickJS, type LoadedQuickJS } from "./load-quickjs";
import { findHeapBreak, findHeapFloor } from "./heap-break";
import { PristineMemory } from "./pristine-memory";
import { MemoryScrubber } from "./source-scrubber";

export interface WorkerSandboxOptions {
  /**
   * Keep one sandbox, prepared before the snapshot, for every judge (decision 275): restoring the
   * memory then also makes it fresh again, so no judge creates a runtime or loads the harness.
   */
  keep?: boolean;
  /** Runs on the kept sandbox before the snapshot: what every judge on it would otherwise redo. */
  prepareKept?: (sandbox: Sandbox) => void;
}

/**
 * A worker's QuickJS module and the snapshot of its memory at rest (decision 190). After every
 * judge that loaded a hidden suite (and so perhaps the reference), and after recording the
 * reference's answers, the memory is put back as it was before the first judge: the next learner's
 * code starts in a heap that never held a hidden suite, a reference or another learner's code.
 *
 * With `keep`, the snapshot holds one sandbox with the harness installed and nothing else run
 * (decision 275): every judge takes it (`prepared`), and erasing puts it back as it was.
 */
export class WorkerSandbox {
  /** False once a judge has taken the kept sandbox, until the memory is erased. */
  private fresh: boolean;

  private constructor(
    readonly loaded: LoadedQuickJS,
    private readonly pristine: PristineMemory,
    private readonly kept: Sandbox | undefined,
    /** What a judge in this module passes as `scrubber` (decision 460). */
    readonly scrubber: MemoryScrubber,
  ) {
    this.fresh = kept !== undefined;
  }

  static async load(
    loader: () => Promise<LoadedQuickJS> = loadQuickJS,
    options: WorkerSandboxOptions = {},
  ): Promise<WorkerSandbox> {
    const loaded = await loader();
    // One runtime made and freed first, so whatever QuickJS sets up on first use is in the snapshot;
    // the probe for the program break does that (decision 320).
    const breakAddress = findHeapBreak(loaded.quickjs, loaded.memory);
    const scrubber = new MemoryScrubber(
      loaded.memory,
      breakAddress,
      findHeapFloor(loaded.memory, breakAddress),
    );
    let kept: Sandbox | undefined;
    if (options.keep) {
      kept = Sandbox.prepare(loaded.quickjs);
      options.prepareKept?.(kept);
      kept.keep();
    }
    const pristine = new PristineMemory(loaded.memory, breakAddress);
    return new WorkerSandbox(loaded, pristine, kept, scrubber);
  }

  get quickjs() {
    return this.loaded.quickjs;
  }

  /**
   * What a judge takes its sandbox from (JudgeCoreInput.prepared): the kept one while it is fresh,
   * else nothing, and the judge makes its own.
   */
  readonly prepared = {
    take: (quickjs: QuickJSWASMModule): Sandbox | undefined => {
      if (!this.fresh || this.kept?.quickjs !== quickjs) return undefined;
      this.fresh = false;
      return this.kept;
    },
  };

  /**
   * Erases what a judge left in memory; only between judges, when no runtime is alive but the
   * kept one. The kept sandbox is then as it was when prepared.
   */
  erase(): void {
    this.pristine.restore();
    if (this.kept) {
      this.kept.rewind();
      this.fresh = true;
    }
  }

  /** True once a judge has taken the kept sandbox, until the memory is erased. */
  get used(): boolean {
    return this.kept !== undefined && !this.fresh;
  }

  /** The module's linear memory: the pool retires a worker whose memory grew too far. */
  wasmBytes(): number {
    return this.loaded.memory.buffer.byteLength;
  }
}
