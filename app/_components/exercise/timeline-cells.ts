import type { TraceRequest } from "@/lib/judge/results";

// The timeline's lanes as cells: one per request while a column is short, runs of like decisions
// once a burst is too tall to draw request by request.

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

const MAX_CELL_WIDTH = 12;
const MIN_CELL_WIDTH = 1.5;
const MIN_RUN_HEIGHT = 2;
const BURST_LABEL_GAP = 28;

type Lanes = readonly TimelineLane[];
type Groups = readonly { t: number; indices: number[] }[];

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

/** One cell per request, stacked bottom-up in arrival order. */
export function stackedCells(
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
export function runCells(
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

/** "×N" over the columns that were drawn as runs, skipping labels that would overlap. */
export function labelBursts(groups: Groups, x: (t: number) => number, laneTop: number) {
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

/** The width of a column: most of the narrowest gap between two instants, within bounds. */
export function columnWidth(xs: number[]): number {
  let minGap = Infinity;
  for (let i = 1; i < xs.length; i++) minGap = Math.min(minGap, xs[i]! - xs[i - 1]!);
  if (!Number.isFinite(minGap)) return MAX_CELL_WIDTH;
  return Math.max(MIN_CELL_WIDTH, Math.min(MAX_CELL_WIDTH, minGap * 0.7));
}
