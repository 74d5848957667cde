import { H, push, str } from "./intrinsics";

// The simulated shared store of the distributed exercise and the scheduler that interleaves its
// operations.
//
// Every store operation returns a promise that only the host's event loop settles, one operation per
// turn, picked by a seeded generator among all pending ones. So several "instances" awaiting the
// store interleave at every await, the way processes talking to Redis do: a read-then-write
// implementation reads a value another instance is about to overwrite, and admits too much.

interface PendingOp {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export const pendingOps: PendingOp[] = [];
let schedulerState = 1;
export function seedScheduler(seed: number): void {
  schedulerState = seed >>> 0 || 1;
}
function nextScheduled(n: number): number {
  // xorshift32: a second stream, so the learner's use of Math.random cannot steer the interleaving.
  let x = schedulerState;
  x ^= x << 13;
  x >>>= 0;
  x ^= x >>> 17;
  x ^= x << 5;
  x >>>= 0;
  schedulerState = x;
  return x % n;
}

/** One turn of the event loop: performs one pending store operation. False if there was none. */
export function tick(): boolean {
  if (pendingOps.length === 0) return false;
  const i = nextScheduled(pendingOps.length);
  const op = pendingOps[i]!;
  pendingOps[i] = pendingOps[pendingOps.length - 1]!;
  pendingOps.length -= 1;
  let value;
  try {
    value = op.run();
  } catch (e) {
    op.reject(e);
    return true;
  }
  op.resolve(value);
  return true;
}

function enqueue<T>(run: () => T): Promise<T> {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new H.Promise<T>((res, rej) => {
    resolve = res as (value: unknown) => void;
    reject = rej;
  });
  push(pendingOps, { run, resolve, reject });
  return promise;
}

/** Stored values are copied in and out, as over a network: holding a reference is not sharing. */
function copyData(value: unknown, depth: number): unknown {
  if (value === undefined || value === null) return value;
  const type = typeof value;
  if (type === "number" || type === "string" || type === "boolean") return value;
  if (type !== "object" || depth > 8) {
    throw new TypeError(
      "the shared store holds plain data (numbers, strings, booleans, arrays, plain objects), not " +
        (type === "object" ? "deeply nested objects" : type + "s"),
    );
  }
  if (H.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) push(out, copyData(value[i], depth + 1));
    return out;
  }
  const out: Record<string, unknown> = {};
  const keys = H.keys(value as object);
  for (let i = 0; i < keys.length; i++) {
    out[keys[i]!] = copyData((value as Record<string, unknown>)[keys[i]!], depth + 1);
  }
  return out;
}

function sameData(a: unknown, b: unknown): boolean {
  return H.stringify(copyData(a, 0)) === H.stringify(copyData(b, 0));
}

export class SharedStore {
  #data = new Map<string, unknown>();
  #operations = 0;

  constructor() {
    H.freeze(this);
  }

  /** Reads a key; resolves to a copy of its value, or undefined. */
  get(key: string): Promise<unknown> {
    return enqueue(() => {
      this.#operations++;
      return copyData(this.#data.get(str(key)), 0);
    });
  }

  /** Writes a key (a copy of the value). */
  set(key: string, value: unknown): Promise<void> {
    const copy = copyData(value, 0);
    return enqueue(() => {
      this.#operations++;
      this.#data.set(str(key), copy);
    });
  }

  /** Deletes a key. */
  delete(key: string): Promise<void> {
    return enqueue(() => {
      this.#operations++;
      this.#data.delete(str(key));
    });
  }

  /**
   * Atomic read-modify-write, like a Lua script in Redis: fn(current) runs in one step with nothing
   * interleaved, and returns { value, result }; value is stored, result is what the promise gives.
   */
  update<T, R>(key: string, fn: (current: T | undefined) => { value: T; result: R }): Promise<R> {
    if (typeof fn !== "function") throw new TypeError("update(key, fn): fn must be a function");
    return enqueue(() => {
      this.#operations++;
      const k = str(key);
      const out: unknown = fn(copyData(this.#data.get(k), 0) as T | undefined);
      if (
        out !== null &&
        typeof out === "object" &&
        typeof (out as { then?: unknown }).then === "function"
      ) {
        throw new TypeError(
          "update(key, fn): fn must be synchronous; the store runs it in one step, as Redis runs a script",
        );
      }
      if (out === null || typeof out !== "object" || !("value" in out)) {
        throw new TypeError("update(key, fn): fn must return { value, result }");
      }
      this.#data.set(k, copyData(out.value, 0));
      return copyData((out as { result?: unknown }).result, 0) as R;
    });
  }

  /** Writes next only if the key still holds a value equal to expected; resolves to whether it did. */
  compareAndSet(key: string, expected: unknown, next: unknown): Promise<boolean> {
    const expectedCopy = copyData(expected, 0);
    const nextCopy = copyData(next, 0);
    return enqueue(() => {
      this.#operations++;
      const k = str(key);
      if (!sameData(this.#data.get(k), expectedCopy)) return false;
      this.#data.set(k, nextCopy);
      return true;
    });
  }

  /** For tests: the value right now, without a round trip. */
  peek(key: string): unknown {
    return copyData(this.#data.get(str(key)), 0);
  }

  /** For tests: how many operations the store has performed. */
  get operations(): number {
    return this.#operations;
  }
}
