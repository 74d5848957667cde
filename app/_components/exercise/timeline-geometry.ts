import type { Trace } from "@/lib/judge/results";
import {
  groupByInstant,
  runCells,
  stackedCells,
  labelBursts,
  columnWidth,
  type TimelineCell,
  type TimelineLane,
} from "./timeline-cells";
import { layoutDivergence, type TimelineDivergence } from "./timeline-divergence";
import {
  formatSeconds,
  labelTicks,
  niceTicks,
  paddedDomain,
  tickTarget,
  type TimelineTick,
} from "./timeline-scale";

// Pure layout of the timeline chart: from a trace to rectangles, lines and labels in SVG user units.
// Kept apart from the React component so the arithmetic (scales, stacking of bursts, the divergence
// marker) is unit-tested without a DOM, and the chart renders on the server.
// The parts live beside it: the cells of the two lanes (timeline-cells.ts), the time axis
// (timeline-scale.ts) and the divergence marker (timeline-divergence.ts).

export interface TimelineLevel {
  top: number;
  height: number;
  max: number;
  /** SVG path of the reference's level after each request. */
  path: string;
  points: { x: number; y: number }[];
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
const TIMELINE_MIN_WIDTH = 260;
const LEFT = 92;
const NARROW_LEFT = 82;
const RIGHT = 16;
const TOP = 34;
const LANE_HEIGHT = 56;
const LANE_GAP = 10;
const LEVEL_HEIGHT = 64;
const AXIS_HEIGHT = 30;
const MAX_CELL_HEIGHT = 16;
/** Up to this many requests at one instant are drawn one cell each; more are drawn as runs. */
const STACK_LIMIT = 12;

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
