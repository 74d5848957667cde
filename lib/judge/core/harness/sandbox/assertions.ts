import { H, call, push, str } from "./intrinsics";
import { inspect } from "./inspect";
import type { ChartTrace, Entry } from "./types";

// The test registry, `expect`, and the failure type that carries a learner-facing message and an
// optional trace.

export const registry: Entry[] = [];
// open: tests may be registered only while the host loads a suite file (beginSuite .. endSuites).
// The learner's module loads before it and imports a "judge" without test() (see Sandbox), so
// whatever it runs, the plan is the suites' alone.
export const suite = {
  file: "tests.ts",
  hidden: false,
  category: undefined as string | undefined,
  open: false,
};
/** More tests, or longer names, than any exercise needs: a broken suite, refused as it loads. */
const MAX_TESTS = 500;
const MAX_NAME_CHARS = 200;

/** Raised by the harness's own assertions; anything else a test throws is a runtime error. */
export class JudgeFailure {
  declare message: string;
  declare trace: ChartTrace | undefined;
  declare threw: boolean;
  constructor(message: string, trace?: ChartTrace, threw?: boolean) {
    this.message = message;
    this.trace = trace;
    this.threw = threw === true;
  }
}
export function fail(message: string, trace?: ChartTrace, threw?: boolean): never {
  throw new JudgeFailure(message, trace, threw);
}

/** A name or category: only a primitive string is read, never converted (no toString runs). */
function label(value: unknown, what: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_NAME_CHARS) {
    throw new TypeError(what + " must be a string of 1 to " + MAX_NAME_CHARS + " characters");
  }
  return value;
}

export function register(entry: Entry): void {
  if (!suite.open) throw new TypeError("tests can be registered only by the exercise's test files");
  if (registry.length >= MAX_TESTS) {
    throw new TypeError("a suite may register at most " + MAX_TESTS + " tests");
  }
  entry.name = label(entry.name, "a test's name");
  entry.file = suite.file;
  entry.hidden = suite.hidden;
  entry.category =
    entry.category === undefined ? suite.category : label(entry.category, "a test's category");
  push(registry, entry);
}

export function test(
  name: string,
  fn: () => void | Promise<void>,
  options?: { category?: string } | null,
): void {
  if (typeof fn !== "function") throw new TypeError("test(name, fn): fn must be a function");
  const category = options === undefined || options === null ? undefined : options.category;
  register({ kind: "test", name, fn, category });
}

/** Groups tests under a category; hidden tests report it instead of their message. */
export function describe(category: string, fn: () => void): void {
  const previous = suite.category;
  suite.category = label(category, "describe()'s category");
  try {
    fn();
  } finally {
    suite.category = previous;
  }
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") {
    if (a === b) return true;
    if (a !== a && b !== b) return true;
    // Floating-point results that agree to 1e-9 are the same answer computed in another order.
    return H.abs(a - b) <= 1e-9 * H.max(1, H.abs(a), H.abs(b));
  }
  return a === b;
}

interface Difference {
  path: string;
  actual?: unknown;
  expected?: unknown;
  missing?: true;
  extra?: true;
}

/** Where two plain values first differ, as a path ("headers.Retry-After"), or null if equal. */
function firstDifference(actual: unknown, expected: unknown, path: string): Difference | null {
  if (sameValue(actual, expected)) return null;
  if (
    typeof actual !== "object" ||
    typeof expected !== "object" ||
    actual === null ||
    expected === null
  ) {
    return { path, actual, expected };
  }
  if (H.isArray(actual) !== H.isArray(expected)) return { path, actual, expected };
  const mine = actual as Record<string, unknown>;
  const theirs = expected as Record<string, unknown>;
  const keys = H.keys(theirs);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const child = path ? path + "." + key : key;
    if (!call(H.hasOwn, mine, key)) return { path: child, missing: true, expected: theirs[key] };
    const d = firstDifference(mine[key], theirs[key], child);
    if (d) return d;
  }
  const actualKeys = H.keys(mine);
  for (let i = 0; i < actualKeys.length; i++) {
    if (!call(H.hasOwn, theirs, actualKeys[i]!)) {
      return {
        path: path ? path + "." + actualKeys[i] : actualKeys[i]!,
        extra: true,
        actual: mine[actualKeys[i]!],
      };
    }
  }
  return null;
}

export function show(value: unknown): string {
  return inspect(value, 3, false);
}

/**
 * expect(value, label?) — the label names what was measured ("remaining()"), so the message reads
 * "remaining(): expected 3, got 2" instead of a bare pair of numbers.
 */
export function expect(actual: unknown, label?: string) {
  const prefix = label ? label + ": " : "";
  return H.freeze({
    toBe(expected: unknown): void {
      if (!sameValue(actual, expected)) {
        fail(prefix + "expected " + show(expected) + ", got " + show(actual));
      }
    },
    toEqual(expected: unknown): void {
      const d = firstDifference(actual, expected, "");
      if (d === null) return;
      const where = d.path ? " at " + d.path : "";
      if (d.missing) fail(prefix + "missing" + where + " (expected " + show(d.expected) + ")");
      if (d.extra) fail(prefix + "unexpected" + where + ": " + show(d.actual));
      fail(prefix + "expected " + show(d.expected) + where + ", got " + show(d.actual));
    },
    toBeCloseTo(expected: number, tolerance?: number): void {
      const t = tolerance === undefined ? 1e-6 : tolerance;
      if (typeof actual !== "number" || !(H.abs(actual - expected) <= t)) {
        fail(
          prefix + "expected " + show(expected) + " (within " + str(t) + "), got " + show(actual),
        );
      }
    },
    toBeNull(): void {
      if (actual !== null) fail(prefix + "expected null, got " + show(actual));
    },
    toBeLessThanOrEqual(bound: number): void {
      if (!((actual as number) <= bound)) {
        fail(prefix + "expected at most " + show(bound) + ", got " + show(actual));
      }
    },
    toBeGreaterThanOrEqual(bound: number): void {
      if (!((actual as number) >= bound)) {
        fail(prefix + "expected at least " + show(bound) + ", got " + show(actual));
      }
    },
    toThrow(): void {
      if (typeof actual !== "function") fail("expect(fn).toThrow() needs a function");
      try {
        actual();
      } catch {
        return;
      }
      fail(prefix + "expected it to throw, but it returned normally");
    },
  });
}
