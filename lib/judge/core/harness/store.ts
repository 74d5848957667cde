// Sandbox-side JavaScript (see lockdown.ts for the rules of these strings): the simulated shared
// store of the distributed exercise and the scheduler that interleaves its operations.
//
// Every store operation returns a promise that only the host's event loop settles, one operation per
// turn, picked by a seeded generator among all pending ones. So several "instances" awaiting the
// store interleave at every await, the way processes talking to Redis do: a read-then-write
// implementation reads a value another instance is about to overwrite, and admits too much.
export const STORE_SOURCE = String.raw`
const pendingOps = [];
let schedulerState = 1;
function seedScheduler(seed) { schedulerState = (seed >>> 0) || 1; }
function nextScheduled(n) {
  // xorshift32: a second stream, so the learner's use of Math.random cannot steer the interleaving.
  let x = schedulerState;
  x ^= x << 13; x >>>= 0;
  x ^= x >>> 17;
  x ^= x << 5; x >>>= 0;
  schedulerState = x;
  return x % n;
}

/** One turn of the event loop: performs one pending store operation. False if there was none. */
function tick() {
  if (pendingOps.length === 0) return false;
  const i = nextScheduled(pendingOps.length);
  const op = pendingOps[i];
  pendingOps[i] = pendingOps[pendingOps.length - 1];
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

function enqueue(run) {
  let resolve;
  let reject;
  const promise = new H.Promise((res, rej) => { resolve = res; reject = rej; });
  push(pendingOps, { run, resolve, reject });
  return promise;
}

/** Stored values are copied in and out, as over a network: holding a reference is not sharing. */
function copyData(value, depth) {
  if (value === undefined || value === null) return value;
  const type = typeof value;
  if (type === "number" || type === "string" || type === "boolean") return value;
  if (type !== "object" || depth > 8) {
    throw new TypeError("the shared store holds plain data (numbers, strings, booleans, arrays, plain objects), not " + (type === "object" ? "deeply nested objects" : type + "s"));
  }
  if (H.isArray(value)) {
    const out = [];
    for (let i = 0; i < value.length; i++) push(out, copyData(value[i], depth + 1));
    return out;
  }
  const out = {};
  const keys = H.keys(value);
  for (let i = 0; i < keys.length; i++) out[keys[i]] = copyData(value[keys[i]], depth + 1);
  return out;
}

function sameData(a, b) {
  return H.stringify(copyData(a, 0)) === H.stringify(copyData(b, 0));
}

class SharedStore {
  #data = new Map();
  #operations = 0;

  constructor() {
    H.freeze(this);
  }

  /** Reads a key; resolves to a copy of its value, or undefined. */
  get(key) {
    return enqueue(() => {
      this.#operations++;
      return copyData(this.#data.get(str(key)), 0);
    });
  }

  /** Writes a key (a copy of the value). */
  set(key, value) {
    const copy = copyData(value, 0);
    return enqueue(() => {
      this.#operations++;
      this.#data.set(str(key), copy);
    });
  }

  /** Deletes a key. */
  delete(key) {
    return enqueue(() => {
      this.#operations++;
      this.#data.delete(str(key));
    });
  }

  /**
   * Atomic read-modify-write, like a Lua script in Redis: fn(current) runs in one step with nothing
   * interleaved, and returns { value, result }; value is stored, result is what the promise gives.
   */
  update(key, fn) {
    if (typeof fn !== "function") throw new TypeError("update(key, fn): fn must be a function");
    return enqueue(() => {
      this.#operations++;
      const k = str(key);
      const out = fn(copyData(this.#data.get(k), 0));
      if (out !== null && typeof out === "object" && typeof out.then === "function") {
        throw new TypeError("update(key, fn): fn must be synchronous; the store runs it in one step, as Redis runs a script");
      }
      if (out === null || typeof out !== "object" || !("value" in out)) {
        throw new TypeError("update(key, fn): fn must return { value, result }");
      }
      this.#data.set(k, copyData(out.value, 0));
      return copyData(out.result, 0);
    });
  }

  /** Writes next only if the key still holds a value equal to expected; resolves to whether it did. */
  compareAndSet(key, expected, next) {
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
  peek(key) {
    return copyData(this.#data.get(str(key)), 0);
  }

  /** For tests: how many operations the store has performed. */
  get operations() {
    return this.#operations;
  }
}
`;
