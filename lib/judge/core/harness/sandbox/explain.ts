import { H, call, join, push, str } from "./intrinsics";
import { formatNumber } from "./inspect";
import { show } from "./assertions";
import { stopsTheTest } from "./judge-stops";
import { seconds } from "./messages";
import type {
  DriveResult,
  Limiter,
  RequestRecord,
  StateReading,
  TraceMessageOptions,
} from "./types";

// The lines a failing trace adds after its first divergence (decision 122) — the learner's state
// beside the reference's, near-ties named, which window a request falls in, and windows aligned to
// the first request.

/**
 * What the limiter can tell about itself, read right after a request: "available()" (token buckets),
 * "level()" / "queued()" (leaky), "size" (keyed), "tracked()". Undefined when it has none, or when
 * reading it throws or returns something other than a number.
 */
export function readState(limiter: Limiter): StateReading | undefined {
  const readers = ["available", "level", "queued", "tracked"];
  try {
    for (let i = 0; i < readers.length; i++) {
      const name = readers[i]!;
      if (typeof limiter[name] === "function") {
        const v = (limiter as Record<string, () => unknown>)[name]!();
        return typeof v === "number" ? { name: name + "()", value: v } : undefined;
      }
    }
    const size = limiter.size;
    if (typeof size === "number") return { name: "size", value: size };
  } catch (e) {
    if (stopsTheTest(e)) throw e;
  }
  return undefined;
}

/** Every digit when two numbers are a hair apart: 6 decimals would show both as 1. */
function exactNumber(v: unknown): string {
  return typeof v === "number" ? str(v) : show(v);
}

function nearTie(a: unknown, b: unknown): boolean {
  return typeof a === "number" && typeof b === "number" && a !== b && H.abs(a - b) <= 1e-9;
}

/** "Right after it, your limiter's available() was 0.9999999999999999 and the reference's 1 ..." */
function stateLine(
  mine: StateReading | undefined,
  theirs: StateReading | undefined,
  r: RequestRecord,
): string {
  if (mine === undefined) return "";
  const line = "Right after it, your limiter's " + mine.name + " was ";
  if (theirs === undefined) {
    const whole = H.floor(mine.value + 0.5);
    if (nearTie(mine.value, whole)) {
      return (
        line +
        exactNumber(mine.value) +
        ": a floating-point near-tie with " +
        whole +
        ". Computed another way the same refill gives exactly " +
        whole +
        "; refill in one step from the elapsed time, tokens + (now - last) * (perSecond / 1000), rather than in many small additions."
      );
    }
    return line + formatNumber(mine.value) + ".";
  }
  if (nearTie(mine.value, theirs.value)) {
    return (
      line +
      exactNumber(mine.value) +
      " where the reference's was " +
      exactNumber(theirs.value) +
      ": a floating-point near-tie (they differ by " +
      str(H.abs(mine.value - theirs.value)) +
      "), so the difference before it is elsewhere."
    );
  }
  return (
    line +
    formatNumber(mine.value) +
    afterAnswer(r.actualValue) +
    "; the reference's was " +
    formatNumber(theirs.value) +
    afterAnswer(r.expectedValue) +
    "."
  );
}

function afterAnswer(value: unknown): string {
  if (value === true) return " after admitting it";
  if (value === false) return " after refusing it";
  return "";
}

function windowOf(t: number, windowMs: number): string {
  const start = H.floor(t / windowMs) * windowMs;
  let where = "";
  if (t === start) where = "the first millisecond of";
  else if (t === start + windowMs - 1) where = "the last millisecond of";
  else where = "inside";
  return seconds(t) + " is " + where + " window [" + start + ", " + (start + windowMs) + ")";
}

/**
 * True when windows of windowMs that start at the first request, not at clock zero, give exactly
 * the learner's answers up to and including the divergence, and clock-zero windows do not.
 */
function alignedToFirstRequest(
  requests: RequestRecord[],
  divergence: number,
  windowMs: number,
): boolean {
  const first = requests[0]!.t;
  if (first % windowMs === 0) return false;
  if (H.floor(first / windowMs) === H.floor(requests[divergence]!.t / windowMs)) return false;
  // The limit such a limiter would have: what it admitted in its first window, if it refused one there.
  let limit = 0;
  let refused = false;
  for (let i = 0; i <= divergence; i++) {
    const r = requests[i]!;
    if (r.t >= first + windowMs) break;
    if (r.actual === true) limit++;
    else refused = true;
  }
  if (!refused || limit === 0 || limit !== expectedLimit(requests, divergence, windowMs)) {
    return false;
  }
  let windowStart = first;
  let used = 0;
  for (let i = 0; i <= divergence; i++) {
    const r = requests[i]!;
    if (r.error !== undefined || typeof r.actualValue !== "boolean") return false;
    while (r.t >= windowStart + windowMs) {
      windowStart += windowMs;
      used = 0;
    }
    const admit = used < limit;
    if (admit) used++;
    if (admit !== r.actual) return false;
  }
  return true;
}

/** The most the expected answers admit in one clock-zero window: a fixed window's limit. */
function expectedLimit(requests: RequestRecord[], divergence: number, windowMs: number): number {
  let most = 0;
  let window: number | null = null;
  let admitted = 0;
  for (let i = 0; i <= divergence; i++) {
    const k = H.floor(requests[i]!.t / windowMs);
    if (k !== window) {
      window = k;
      admitted = 0;
    }
    if (requests[i]!.expected === true) admitted++;
    if (admitted > most) most = admitted;
  }
  return most;
}

/** "1.250s": a time inside a sentence that already says what it is. */
function bareSeconds(t: number): string {
  return call(H.slice, seconds(t), 2);
}

/** The lines a failing trace adds below its first divergence, or "". */
export function explanationLines(result: DriveResult, options: TraceMessageOptions): string {
  const at = result.divergence as number;
  const r = result.requests[at]!;
  const lines: string[] = [];
  const windowMs = options.windowMs as number;
  if (options.windows === "sliding" && windowMs > 0 && r.error === undefined) {
    const from = r.t - windowMs;
    push(
      lines,
      "The window of a request at " +
        seconds(r.t) +
        " is the last " +
        windowMs +
        " ms, (" +
        bareSeconds(from) +
        ", " +
        bareSeconds(r.t) +
        "]: a request admitted at " +
        seconds(from) +
        " or before no longer counts.",
    );
  }
  const aligned = options.windows === "aligned" || options.windows === "fixed";
  if (aligned && windowMs > 0 && r.error === undefined) {
    push(
      lines,
      "In windows of " + windowMs + " ms aligned to clock zero, " + windowOf(r.t, windowMs) + ".",
    );
    if (options.windows === "fixed" && alignedToFirstRequest(result.requests, at, windowMs)) {
      push(
        lines,
        "Your windows look aligned to the first request (" +
          seconds(result.requests[0]!.t) +
          ") instead: every answer so far matches windows that start then. A window starts at a multiple of the window length (floor(now / windowMs) * windowMs), whenever the first request came.",
      );
    }
  }
  const state = stateLine(result.state, result.referenceState, r);
  if (state !== "") push(lines, state);
  return lines.length === 0 ? "" : "\n\n" + join(lines, "\n");
}
