import { Sandbox } from "@/lib/judge/core/sandbox";

// Issue 12's defence in depth, as the heap-secrets and hidden-instance tests check it: the host looks
// at a module's whole linear memory each time learner code calls heapBytes() (its one call into the
// host), and can lend learner code a simulated read-anywhere engine bug over that memory.

/** Between two excerpts of a search (NUL would end the host's C string). */
const SEPARATOR = "\u0001\u0002\u0001";
/** Distinct excerpts a search returns at most: what it returns lands in the heap too. */
const MAX_EXCERPTS = 64;

/** Whether `marker` is anywhere in the memory, as bytes (the heap's strings are latin-1 or UTF-16). */
export function memoryHolds(memory: WebAssembly.Memory, marker: string): boolean {
  return Buffer.from(memory.buffer).indexOf(marker, 0, "latin1") >= 0;
}

export interface MemoryWatch {
  /** Called at every heapBytes() learner code makes: `hiddenPhase` once its judge's hidden suites began. */
  onScan: (sandbox: Sandbox, hiddenPhase: boolean) => void;
  /**
   * The memory the simulated bug reads for a sandbox's learner code (global __simulatedHeapSearch),
   * or undefined to give that sandbox none.
   */
  searchable: (sandbox: Sandbox) => WebAssembly.Memory | undefined;
  /** What each search found, with the phase it ran in. */
  onFound?: (excerpts: string[], hiddenPhase: boolean) => void;
}

/**
 * Patches the Sandbox class for a test file (call restore() after): scans at heapBytes(), the
 * search installed before the harness locks the global object down, and the phase of each judge.
 * A judge is in its hidden phase once a hidden suite began in its sandbox or in the hidden
 * instance partnered with it (decision 265).
 */
export function watchMemory(watch: MemoryWatch): { restore(): void } {
  const proto = Sandbox.prototype as unknown as {
    heapBytesForGuest(this: Sandbox): number;
    installHarness(this: Sandbox): void;
    callInternal(this: Sandbox, method: string, ...args: unknown[]): unknown;
  };
  const original = {
    heapBytes: proto.heapBytesForGuest,
    install: proto.installHarness,
    callInternal: proto.callInternal,
  };
  const inHiddenPhase = new WeakSet<Sandbox>();
  proto.callInternal = function (method, ...args) {
    if (method === "beginSuite" && args[1] === true) {
      inHiddenPhase.add(this);
      if (this.partner) inHiddenPhase.add(this.partner);
    }
    return original.callInternal.call(this, method, ...args);
  };
  proto.heapBytesForGuest = function () {
    watch.onScan(this, inHiddenPhase.has(this));
    return original.heapBytes.call(this);
  };
  proto.installHarness = function () {
    const memory = watch.searchable(this);
    if (memory)
      installSearch(this, memory, (found) => watch.onFound?.(found, inHiddenPhase.has(this)));
    original.install.call(this);
  };
  return {
    restore() {
      proto.heapBytesForGuest = original.heapBytes;
      proto.installHarness = original.install;
      proto.callInternal = original.callInternal;
    },
  };
}

/** The simulated engine bug, as a search: what follows each copy of a text in the memory. */
function installSearch(
  sandbox: Sandbox,
  memory: WebAssembly.Memory,
  onFound: (excerpts: string[]) => void,
): void {
  const search = sandbox.context.newFunction("search", (pattern) => {
    const bytes = Buffer.from(memory.buffer);
    const text = sandbox.context.getString(pattern);
    const found = new Set<string>();
    for (let i = bytes.indexOf(text, 0, "latin1"); i >= 0 && found.size < MAX_EXCERPTS;) {
      found.add(bytes.toString("latin1", i, i + 1000).replaceAll("\0", " "));
      i = bytes.indexOf(text, i + 1, "latin1");
    }
    onFound([...found]);
    return sandbox.context.newString([...found].join(SEPARATOR));
  });
  sandbox.context.setProp(sandbox.context.global, "__simulatedHeapSearch", search);
  search.dispose();
}

// A right answer that calls heapBytes() while its module loads and whenever a limiter is made.
export const probeCode = `import { heapBytes, type Clock } from "judge";
heapBytes();
export class FixedWindow {
  private started: number;
  private used = 0;
  constructor(private readonly max: number, private readonly span: number, private readonly time: Clock) {
    heapBytes();
    this.started = time.now() - (time.now() % span);
  }
  allow(): boolean {
    const now = this.time.now();
    if (now - this.started >= this.span) {
      this.started = now - (now % this.span);
      this.used = 0;
    }
    if (this.used >= this.max) return false;
    this.used += 1;
    return true;
  }
}
`;
// Counts every request forever: it fails the random traces, whose shrinking runs the reference
// live on traces no judge of the reference answered.
export const countingCode = probeCode.replace("now - this.started >= this.span", "false");
