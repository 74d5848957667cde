import type { Trace, TraceRequest } from "@/lib/judge/results";

// Pure layout of the timeline chart: from a trace to rectangles, lines and labels in SVG user units.
// Kept apart from the React component so the arithmetic (scales, stacking of bursts, the divergence
// marker) is unit-tested without a DOM, and the chart renders on the server.

export type LaneId = "reference" | "yours";

export interface TimelineCell {
  /** Index of the request in the trace (0-based). */
  index: number;
  lane: LaneId;
  x: number;
  y: number;
  width: number;
  height: number;
  admitted: boolean;
  /** True for the first request where the two lanes disagree. */
  divergent: boolean;
  /** How many requests the cell stands for, when a burst is drawn as runs. */
  count?: number;
}

export interface TimelineLane {
  id: LaneId;
  label: string;
  top: number;
  height: number;
}

export interface TimelineTick {
  x: number;
  label: string;
}

export interface TimelineLevel {
  top: number;
  height: number;
  max: number;
  /** SVG path of the reference's level after each request. */
  path: string;
  points: { x: number; y: number }[];
}

export interface TimelineDivergence {
  index: number;
  x: number;
  label: string;
  /** What the chart writes over the marker: "first divergence: request 102 · ×101 at once". */
  caption: string;
  /** Which side of the marker the caption extends to. */
  anchor: "start" | "end";
  /** Where the caption is anchored (the marker's x, unless that would push it off the drawing). */
  textX: number;
  /** The caption's baseline: a row of its own above the "×N" labels, so the two never meet. */
  y: number;
}

export interface TimelineLayout {
  width: number;
  height: number;
  plotLeft: number;
  plotRight: number;
  lanes: TimelineLane[];
  cells: TimelineCell[];
  ticks: TimelineTick[];
  axisY: number;
  windowEdges: TimelineTick[];
  level: TimelineLevel | null;
  divergence: TimelineDivergence | null;
  /** The largest number of requests that arrived at one instant (the height of the tallest stack). */
  maxBurst: number;
  /** "×100" above a column too tall to draw request by request (its runs are drawn instead). */
  burstLabels: { x: number; y: number; label: string }[];
}

export const TIMELINE_WIDTH = 720;
/** Narrower than this, the chart is drawn for a phone: a tighter margin and fewer ticks. */
export const TIMELINE_MIN_WIDTH = 260;
const LEFT = 92;
const NARROW_LEFT = 82;
/** About this much room per tick label, so neighbouring labels never touch. */
const TICK_SPACING = 72;
/** Estimated advance of one character of the divergence caption (11px bold). */
const CAPTION_CHAR = 6.6;
const RIGHT = 16;
const TOP = 34;
const LANE_HEIGHT = 56;
const LANE_GAP = 10;
const LEVEL_HEIGHT = 64;
const AXIS_HEIGHT = 30;
const MAX_CELL_HEIGHT = 16;
const MAX_CELL_WIDTH = 12;
const MIN_CELL_WIDTH = 1.5;
/** Up to this many requests at one instant are drawn one cell each; more are drawn as runs. */
export const STACK_LIMIT = 12;
const MIN_RUN_HEIGHT = 2;
const BURST_LABEL_GAP = 28;

export function layoutTimeline(trace: Trace, requestedWidth = TIMELINE_WIDTH): TimelineLayout {
  // Drawn at the width it is shown at (user units = CSS pixels), so labels keep their size on a
  // phone instead of shrinking with a scaled-down drawing.
  const width = Math.max(TIMELINE_MIN_WIDTH, Math.round(requestedWidth));
  const plotLeft = width < 480 ? NARROW_LEFT : LEFT;
  const plotRight = width - RIGHT;
  const requests = trace.requests;
  const times = requests.map((r) => r.t);
  const edges = trace.windowEdges ?? [];
  const [t0, t1] = paddedDomain([...times, ...edges]);
  const x = (t: number) =>
    t1 === t0
      ? (plotLeft + plotRight) / 2
      : plotLeft + ((t - t0) / (t1 - t0)) * (plotRight - plotLeft);

  const hasLevel = (trace.level?.length ?? 0) > 0;
  let top = TOP;
  let level: TimelineLevel | null = null;
  if (hasLevel) {
    level = layoutLevel(trace, top, x);
    // Room under the level band for the divergence caption and the "×N" labels.
    top += LEVEL_HEIGHT + 2 * LANE_GAP + 8;
  }
  const lanes: TimelineLane[] = [
    { id: "reference", label: "Reference", top, height: LANE_HEIGHT },
    { id: "yours", label: "Yours", top: top + LANE_HEIGHT + LANE_GAP, height: LANE_HEIGHT },
  ];
  const axisY = top + 2 * LANE_HEIGHT + LANE_GAP + 6;
  const height = axisY + AXIS_HEIGHT;

  const groups = groupByInstant(requests);
  const maxBurst = groups.reduce((max, g) => Math.max(max, g.indices.length), 0);
  const cellWidth = columnWidth(groups.map((g) => x(g.t)));
  const inner = LANE_HEIGHT - 8;
  const cellHeight = maxBurst === 0 ? 0 : Math.min(MAX_CELL_HEIGHT, inner / maxBurst);
  const divergenceIndex = validDivergence(trace);

  const cells =
    maxBurst <= STACK_LIMIT
      ? stackedCells(groups, requests, lanes, x, cellWidth, cellHeight, divergenceIndex)
      : runCells(groups, requests, lanes, x, cellWidth, inner / maxBurst, divergenceIndex);
  const divergence =
    divergenceIndex === null
      ? null
      : layoutDivergence(
          divergenceIndex,
          requests,
          groups,
          x(requests[divergenceIndex]!.t),
          width,
          lanes[0]!.top - 17,
        );
  const burstLabels = maxBurst <= STACK_LIMIT ? [] : labelBursts(groups, x, lanes[0]!.top);

  return {
    width,
    height,
    plotLeft,
    plotRight,
    lanes,
    cells,
    ticks: labelTicks(niceTicks(t0, t1, tickTarget(plotRight - plotLeft), 1), x),
    axisY,
    windowEdges: edges
      .filter((t) => t >= t0 && t <= t1)
      .map((t) => ({ x: x(t), label: formatSeconds(t, t1 - t0) })),
    level,
    divergence,
    maxBurst,
    burstLabels,
  };
}

type Lanes = readonly TimelineLane[];
type Groups = readonly { t: number; indices: number[] }[];

/** One cell per request, stacked bottom-up in arrival order. */
function stackedCells(
  groups: Groups,
  requests: readonly TraceRequest[],
  lanes: Lanes,
  x: (t: number) => number,
  width: number,
  height: number,
  divergenceIndex: number | null,
): TimelineCell[] {
  const cells: TimelineCell[] = [];
  for (const group of groups) {
    const cx = x(group.t) - width / 2;
    group.indices.forEach((index, position) => {
      const request = requests[index]!;
      for (const lane of lanes) {
        const bottom = lane.top + lane.height - 4;
        cells.push({
          index,
          lane: lane.id,
          x: cx,
          y: bottom - (position + 1) * height,
          width,
          height,
          admitted: lane.id === "reference" ? request.expected : request.actual,
          divergent: index === divergenceIndex,
        });
      }
    });
  }
  return cells;
}

/**
 * A column of many simultaneous requests as runs: consecutive requests with the same decision
 * become one cell as tall as their share of the column (never thinner than MIN_RUN_HEIGHT), and the
 * first divergence is always a run of its own, so it stays visible in a burst of thousands.
 */
function runCells(
  groups: Groups,
  requests: readonly TraceRequest[],
  lanes: Lanes,
  x: (t: number) => number,
  width: number,
  unit: number,
  divergenceIndex: number | null,
): TimelineCell[] {
  const cells: TimelineCell[] = [];
  for (const group of groups) {
    const cx = x(group.t) - width / 2;
    for (const lane of lanes) {
      const decide = (index: number) =>
        lane.id === "reference" ? requests[index]!.expected : requests[index]!.actual;
      const top = lane.top + 4;
      let y = lane.top + lane.height - 4;
      let start = 0;
      while (start < group.indices.length) {
        const first = group.indices[start]!;
        let end = start + 1;
        while (
          end < group.indices.length &&
          decide(group.indices[end]!) === decide(first) &&
          group.indices[end] !== divergenceIndex &&
          first !== divergenceIndex
        ) {
          end++;
        }
        const height = Math.max(MIN_RUN_HEIGHT, (end - start) * unit);
        const cellY = Math.max(top, y - height);
        cells.push({
          index: first,
          lane: lane.id,
          x: cx,
          y: cellY,
          width,
          height: y - cellY,
          admitted: decide(first),
          divergent: first === divergenceIndex,
          count: end - start,
        });
        y = cellY;
        start = end;
      }
    }
  }
  return cells;
}

/** As many ticks as fit with room for their labels: six on a laptop, two or three on a phone. */
function tickTarget(plotWidth: number): number {
  return Math.max(2, Math.min(6, Math.floor(plotWidth / TICK_SPACING)));
}

/**
 * The divergence marker's caption, on its own row above the "×N" labels. A divergence inside a
 * burst says how many requests share its instant; the caption extends to the side with room for it.
 */
function layoutDivergence(
  index: number,
  requests: readonly TraceRequest[],
  groups: Groups,
  at: number,
  width: number,
  y: number,
): TimelineDivergence {
  const burst = groups.find((g) => g.t === requests[index]!.t)?.indices.length ?? 1;
  const request = `request ${index + 1}`;
  // The longest wording that fits beside the marker; a phone gets the short ones.
  const wordings =
    burst > 1
      ? [
          `first divergence: ${request} · ×${burst} at once`,
          `first divergence: ${request} · ×${burst}`,
          `divergence: ${request} · ×${burst}`,
        ]
      : [`first divergence: ${request}`, `divergence: ${request}`];
  const fits = (text: string) => text.length * CAPTION_CHAR <= Math.max(at, width - at) - 4;
  const caption = wordings.find(fits) ?? wordings[wordings.length - 1]!;
  const room = caption.length * CAPTION_CHAR;
  const anchor = at + room <= width - 4 ? "start" : "end";
  // Kept inside the drawing even when it fits on neither side of the marker.
  const textX = anchor === "start" ? at : Math.max(at, Math.min(width - 4, room + 4));
  return {
    index,
    x: at,
    label: describeDivergence(index, requests[index]!),
    caption,
    anchor,
    textX,
    y,
  };
}

/** "×N" over the columns that were drawn as runs, skipping labels that would overlap. */
function labelBursts(groups: Groups, x: (t: number) => number, laneTop: number) {
  const labels: { x: number; y: number; label: string }[] = [];
  for (const group of groups) {
    if (group.indices.length <= 1) continue;
    const at = x(group.t);
    const previous = labels[labels.length - 1];
    if (previous && at - previous.x < BURST_LABEL_GAP) continue;
    labels.push({ x: at, y: laneTop - 3, label: `×${group.indices.length}` });
  }
  return labels;
}

/** Tick labels with the decimals the step needs; a label equal to the previous one is dropped. */
function labelTicks(ticks: readonly number[], x: (t: number) => number): TimelineTick[] {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1000;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  const out: TimelineTick[] = [];
  let last: string | null = null;
  for (const t of ticks) {
    const label = `${(t / 1000).toFixed(decimals)}s`;
    out.push({ x: x(t), label: label === last ? "" : label });
    last = label;
  }
  return out;
}

/** "request 101 at t=60.000s: reference denied, yours admitted" — same wording as the judge. */
export function describeDivergence(index: number, request: TraceRequest): string {
  const decision = (admitted: boolean) => (admitted ? "admitted" : "denied");
  const cost = request.n !== undefined && request.n !== 1 ? ` (n=${request.n})` : "";
  return (
    `request ${index + 1}${cost} at t=${formatSecondsExact(request.t)}: ` +
    `reference ${decision(request.expected)}, yours ${decision(request.actual)}`
  );
}

/** Milliseconds as seconds with millisecond precision, the unit the judge's messages use. */
export function formatSecondsExact(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}

/** Requests at the same instant form one column, stacked in arrival order. */
export function groupByInstant(
  requests: readonly TraceRequest[],
): { t: number; indices: number[] }[] {
  const groups: { t: number; indices: number[] }[] = [];
  const byTime = new Map<number, { t: number; indices: number[] }>();
  requests.forEach((request, index) => {
    let group = byTime.get(request.t);
    if (!group) {
      group = { t: request.t, indices: [] };
      byTime.set(request.t, group);
      groups.push(group);
    }
    group.indices.push(index);
  });
  return groups.sort((a, b) => a.t - b.t);
}

/**
 * Tick values at 1, 2 or 5 times a power of ten, about `target` of them across [t0, t1]. Times are
 * milliseconds; the ticks land on round numbers so "60s" is a tick when a window ends there.
 */
export function niceTicks(t0: number, t1: number, target = 6, minStep = 0): number[] {
  if (!(t1 > t0)) return [t0];
  // The fake clock counts whole milliseconds: the chart asks for steps of at least 1 ms, so a span
  // of a few milliseconds never gets ticks between instants that cannot happen.
  const raw = Math.max((t1 - t0) / target, minStep);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  // Integer multiples rounded to 12 significant digits: repeated addition drifts and 3 * 0.1 is
  // 0.30000000000000004, which would print as an ugly label.
  for (let k = Math.ceil(t0 / step); k * step <= t1 + step * 1e-9; k++) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
}

/** Seconds with as many decimals as the span needs to tell neighbouring ticks apart. */
export function formatSeconds(ms: number, spanMs: number): string {
  const seconds = ms / 1000;
  const decimals = spanMs >= 10_000 ? 0 : spanMs >= 1000 ? 1 : spanMs >= 100 ? 2 : 3;
  return `${Number(seconds.toFixed(decimals)).toFixed(decimals)}s`;
}

function paddedDomain(values: number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 0];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (max === min) return [min, max];
  const pad = (max - min) * 0.03;
  return [min - pad, max + pad];
}

function columnWidth(xs: number[]): number {
  let minGap = Infinity;
  for (let i = 1; i < xs.length; i++) minGap = Math.min(minGap, xs[i]! - xs[i - 1]!);
  if (!Number.isFinite(minGap)) return MAX_CELL_WIDTH;
  return Math.max(MIN_CELL_WIDTH, Math.min(MAX_CELL_WIDTH, minGap * 0.7));
}

function validDivergence(trace: Trace): number | null {
  const index = trace.firstDivergence;
  if (index === null || index < 0 || index >= trace.requests.length) return null;
  return index;
}

function layoutLevel(trace: Trace, top: number, x: (t: number) => number): TimelineLevel {
  const samples = trace.level ?? [];
  const max = Math.max(trace.capacity ?? 0, ...samples.map((p) => p.level), 1e-9);
  const y = (level: number) => top + LEVEL_HEIGHT - (Math.max(0, level) / max) * LEVEL_HEIGHT;
  const points = samples.map((p) => ({ x: round(x(p.t)), y: round(y(p.level)) }));
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
  return { top, height: LEVEL_HEIGHT, max, path, points };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
