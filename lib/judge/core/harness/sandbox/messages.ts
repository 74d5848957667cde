import { H, call, join, push } from "./intrinsics";
import { describeError, formatNumber, inspect, learnerLine } from "./inspect";
import { show } from "./assertions";
import type { ChartTrace, RequestRecord, TraceMessageOptions } from "./types";

// How a trace is told to a learner — "request 101 at t=60.000s: expected denied, your limiter
// allowed", the lines that led there — and the data the timeline chart draws.

const MAX_TRACE = 1000;

export function seconds(t: number): string {
  const s = t / 1000;
  const fixed = call(H.toFixed, s, 3);
  return "t=" + (H.abs(s - H.Number(fixed)) > 1e-9 ? formatNumber(s) : fixed) + "s";
}

function decisionWord(value: unknown): string {
  if (value === true) return "allowed";
  if (value === false) return "denied";
  return show(value);
}

export function requestLabel(index: number, r: RequestRecord): string {
  const extra: string[] = [];
  if (r.instance !== undefined) push(extra, "instance " + r.instance);
  if (r.key !== undefined) push(extra, "key " + H.stringify(r.key));
  if (r.n !== undefined) push(extra, "cost " + r.n);
  return (
    "request " +
    (index + 1) +
    (extra.length ? " (" + join(extra, ", ") + ")" : "") +
    " at " +
    seconds(r.t)
  );
}

/** "TypeError: ... (at solution.ts:25)" */
export function thrownWhere(e: unknown): string {
  if (!(e instanceof H.Error)) return "a value that is not an Error: " + inspect(e, 1, false);
  const where = learnerLine(e);
  return describeError(e) + (where ? " (at " + where + ")" : "");
}

export function divergenceSentence(index: number, r: RequestRecord): string {
  if (r.error !== undefined) {
    return (
      requestLabel(index, r) +
      ": your limiter threw " +
      r.error +
      (r.where ? " (at " + r.where + ")" : "")
    );
  }
  const yours =
    typeof r.actualValue === "boolean"
      ? decisionWord(r.actualValue)
      : "returned " + show(r.actualValue);
  return (
    requestLabel(index, r) +
    ": expected " +
    decisionWord(r.expectedValue) +
    ", your limiter " +
    yours
  );
}

interface Group {
  first: number;
  last: number;
  t: number;
  n: number | undefined;
  key: string | undefined;
  instance: number | undefined;
  expected: unknown;
  actual: unknown;
}

/** The trace as a few readable lines: runs of identical requests collapse into one line. */
export function traceLines(requests: RequestRecord[], divergence: number | null): string {
  const groups: Group[] = [];
  const end = divergence === null ? requests.length : H.min(requests.length, divergence + 40);
  for (let i = 0; i < end; i++) {
    const r = requests[i]!;
    const g = groups.length ? groups[groups.length - 1] : undefined;
    const expected = r.expectedValue === undefined ? r.expected : r.expectedValue;
    const actual =
      r.error !== undefined ? "threw" : r.actualValue === undefined ? r.actual : r.actualValue;
    if (
      g &&
      i !== divergence &&
      g.last + 1 === i &&
      g.t === r.t &&
      g.n === r.n &&
      g.key === r.key &&
      g.instance === r.instance &&
      g.expected === expected &&
      g.actual === actual &&
      g.first !== divergence
    ) {
      g.last = i;
    } else {
      push(groups, {
        first: i,
        last: i,
        t: r.t,
        n: r.n,
        key: r.key,
        instance: r.instance,
        expected,
        actual,
      });
    }
  }
  let shown = groups;
  let skipped = 0;
  if (groups.length > 14) {
    let at = 0;
    for (let i = 0; i < groups.length; i++) if (groups[i]!.first === divergence) at = i;
    const from = H.max(3, at - 8);
    const head = [groups[0]!, groups[1]!, groups[2]!];
    shown = head;
    skipped = from - 3;
    for (let i = from; i < H.min(groups.length, at + 3); i++) push(shown, groups[i]!);
  }
  const lines: string[] = [];
  for (let i = 0; i < shown.length; i++) {
    if (i === 3 && skipped > 0) push(lines, "  ...");
    const g = shown[i]!;
    const ids =
      g.first === g.last ? "#" + (g.first + 1) : "#" + (g.first + 1) + "-#" + (g.last + 1);
    let who = "";
    if (g.instance !== undefined) who += " instance " + g.instance;
    if (g.key !== undefined) who += " key " + H.stringify(g.key);
    if (g.n !== undefined) who += " cost " + g.n;
    const yours = g.actual === "threw" ? "threw" : decisionWord(g.actual);
    let line =
      "  " +
      seconds(g.t) +
      "  " +
      ids +
      who +
      ": expected " +
      decisionWord(g.expected) +
      ", yours " +
      yours;
    if (g.first === divergence) line += "   <- first divergence";
    push(lines, line);
  }
  return join(lines, "\n");
}

function windowEdges(
  requests: { t: number }[],
  windowMs: number | undefined,
): number[] | undefined {
  if (!((windowMs as number) > 0) || requests.length === 0) return undefined;
  const span = windowMs as number;
  const edges: number[] = [];
  const from = H.floor(requests[0]!.t / span) + 1;
  const to = H.floor(requests[requests.length - 1]!.t / span);
  for (let k = from; k <= to && edges.length < 200; k++) push(edges, k * span);
  return edges;
}

/** The chart's data: booleans only, cut around the first divergence when long. */
export function chartTrace(
  requests: RequestRecord[],
  divergence: number | null,
  options: TraceMessageOptions,
  levels: unknown[] | undefined,
): ChartTrace {
  let from = 0;
  let to = requests.length;
  if (requests.length > MAX_TRACE) {
    const pivot = divergence === null ? requests.length : divergence;
    from = H.max(0, pivot - 800);
    to = H.min(requests.length, from + MAX_TRACE);
  }
  const out: ChartTrace["requests"] = [];
  for (let i = from; i < to; i++) {
    const r = requests[i]!;
    const item: ChartTrace["requests"][number] = { t: r.t, expected: r.expected, actual: r.actual };
    if (r.n !== undefined) item.n = r.n;
    if (r.key !== undefined) item.key = r.key;
    if (r.instance !== undefined) item.instance = r.instance;
    push(out, item);
  }
  const trace: ChartTrace = {
    requests: out,
    firstDivergence: divergence === null ? null : divergence - from,
  };
  const edges = windowEdges(out, options.windowMs);
  if (edges) trace.windowEdges = edges;
  if (levels) {
    const level: { t: number; level: unknown }[] = [];
    for (let i = from; i < to && i < levels.length; i++) {
      push(level, { t: requests[i]!.t, level: levels[i] });
    }
    trace.level = level;
  }
  if (options.capacity !== undefined) trace.capacity = options.capacity;
  if (from > 0 || to < requests.length) trace.truncated = true;
  return trace;
}
