import { type Bag, H, call, join, push, str } from "./intrinsics";

// How the harness describes a value or an error it did not make: safely (no getter or toString of
// the learner's can break a message) and briefly (no value can flood one).

/** A short, safe description of any value; strings are cut so one value cannot flood a message. */
export function inspect(value: unknown, depth: number, bare: boolean): string {
  try {
    if (typeof value === "string") {
      const cut = value.length > 2000 ? call(H.slice, value, 0, 2000) + "..." : value;
      return bare ? cut : H.stringify(cut);
    }
    if (typeof value === "number") return formatNumber(value);
    if (typeof value === "bigint") return str(value) + "n";
    if (typeof value === "symbol") return "Symbol()";
    if (typeof value === "function") return "[function]";
    if (value === null || typeof value !== "object") return str(value);
    if (value instanceof H.Error) return describeError(value);
    if (depth <= 0) return H.isArray(value) ? "[...]" : "{...}";
    const keys = H.keys(value);
    const parts: string[] = [];
    const max = H.min(keys.length, 8);
    for (let i = 0; i < max; i++) {
      const shown = inspect((value as Bag)[keys[i]!], depth - 1, false);
      push(parts, H.isArray(value) ? shown : keys[i] + ": " + shown);
    }
    if (keys.length > max) push(parts, "...");
    return H.isArray(value) ? "[" + join(parts, ", ") + "]" : "{ " + join(parts, ", ") + " }";
  } catch {
    return "[a value that cannot be shown]";
  }
}

export function formatNumber(n: number): string {
  if (n === 0 && 1 / n < 0) return "-0";
  if (!H.isFinite(n) || H.isInteger(n)) return str(n);
  // Enough digits to see a fractional refill, few enough to read.
  const fixed = call(H.toFixed, n, 6);
  return call(H.replace as (pattern: RegExp, replacement: string) => string, fixed, /\.?0+$/, "");
}

/** "TypeError: message", read through getters that may throw. */
export function describeError(e: { name?: unknown; message?: unknown }): string {
  let name = "Error";
  let message = "";
  try {
    name = str(e.name);
  } catch {
    /* a getter that throws tells us nothing */
  }
  try {
    message = str(e.message);
  } catch {
    /* idem */
  }
  if (message.length > 1000) message = call(H.slice, message, 0, 1000) + "...";
  return message ? name + ": " + message : name;
}

/**
 * "solution.ts:25", the learner's line an error came from, or "". The transpile keeps every line
 * where the learner wrote it, so this is the line the editor shows.
 */
export function learnerLine(e: { stack?: unknown }): string {
  let stack = "";
  try {
    stack = str(e.stack);
  } catch {
    return "";
  }
  const file = "solution.ts:";
  const at = call(H.indexOf, stack, file);
  if (at < 0) return "";
  let end = at + file.length;
  while (end < stack.length && end - at < 24 && stack[end]! >= "0" && stack[end]! <= "9") end++;
  return end > at + file.length ? call(H.slice, stack, at, end) : "";
}

/** Out of memory or stack: not the learner's answer, a verdict of its own. */
export function isResourceError(e: unknown): boolean {
  if (!(e instanceof H.Error)) return false;
  const d = describeError(e);
  return (
    d === "InternalError: out of memory" ||
    d === "InternalError: string too long" ||
    d === "InternalError: stack overflow" ||
    d === "RangeError: Maximum call stack size exceeded"
  );
}
