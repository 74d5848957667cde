import type { Bag } from "./intrinsics";

// The host's functions (see Sandbox): taken off the global before learner code can see the global.
const hostHeapBytes = (globalThis as Bag).__judgeHeapBytes;
delete (globalThis as Bag).__judgeHeapBytes;
/** Bytes the sandbox's heap holds now, by QuickJS's count; NaN when it cannot be measured. */
export function heapBytes(): number {
  return typeof hostHeapBytes === "function" ? (hostHeapBytes() as number) : NaN;
}
// The host's loader of the reference, given to the reference's stand-in only (decision 190).
const hostLoadReference = (globalThis as Bag).__judgeLoadReference;
delete (globalThis as Bag).__judgeLoadReference;
let referenceNamespace: unknown;
/** The reference's namespace, evaluated on first use: until then its source is not in the heap. */
export function loadReference(): unknown {
  if (referenceNamespace === undefined) {
    if (typeof hostLoadReference !== "function") {
      throw new TypeError("the reference is not available here");
    }
    referenceNamespace = hostLoadReference();
  }
  return referenceNamespace;
}
