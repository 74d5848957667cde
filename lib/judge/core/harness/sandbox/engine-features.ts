import { type Bag, H } from "./intrinsics";

// Features no limiter needs, each tied to a memory-safety bug of the engine build (decision 100):
// a buffer that can shrink under a typed array's feet (resizable and growable buffers: the
// Reflect.construct window, with() over-read, a sort comparator that resizes), one that can be
// detached (transfer), Atomics on such buffers, and FinalizationRegistry/WeakRef callbacks. They go
// before any other code runs, so nothing can keep a reference to them.
const RealArrayBuffer = ArrayBuffer;
const arrayBufferPrototype = RealArrayBuffer.prototype;
delete (arrayBufferPrototype as ArrayBuffer & Bag).resize;
delete (arrayBufferPrototype as ArrayBuffer & Bag).transfer;
delete (arrayBufferPrototype as ArrayBuffer & Bag).transferToFixedLength;
/** new ArrayBuffer(bytes): the options argument (maxByteLength) is not read, so no buffer resizes. */
function SandboxArrayBuffer(bytes: number): ArrayBuffer {
  if (new.target === undefined) throw new TypeError("ArrayBuffer must be called with new");
  return H.construct(RealArrayBuffer, [bytes], new.target);
}
SandboxArrayBuffer.prototype = arrayBufferPrototype;
SandboxArrayBuffer.isView = RealArrayBuffer.isView;
H.defineProperty(SandboxArrayBuffer, Symbol.species, {
  get() {
    return this;
  },
  configurable: true,
});
H.defineProperty(arrayBufferPrototype, "constructor", {
  value: SandboxArrayBuffer,
  writable: true,
  configurable: true,
});
globalThis.ArrayBuffer = SandboxArrayBuffer as unknown as ArrayBufferConstructor;
delete (H.getPrototypeOf(Uint8Array.prototype) as Bag).with;
delete (globalThis as Bag).SharedArrayBuffer;
delete (globalThis as Bag).Atomics;
delete (globalThis as Bag).FinalizationRegistry;
delete (globalThis as Bag).WeakRef;
