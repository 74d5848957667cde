import { describe, expect, test } from "vitest";
import { groupByInstant } from "@/app/_components/exercise/timeline-cells";
import { describeDivergence } from "@/app/_components/exercise/timeline-divergence";
import { layoutTimeline } from "@/app/_components/exercise/timeline-geometry";
import { formatSeconds, niceTicks } from "@/app/_components/exercise/timeline-scale";
import type { Trace, TraceRequest } from "@/lib/judge/results";

function burstAt(t: number, count: number, expected: boolean, actual = expected): TraceRequest[] {
  return Array.from({ length: count }, () => ({ t, expected, actual }));
}

// The lesson's boundary burst, at a smaller scale: 3 at t=59s, 3 at t=60s, limit 3 per minute.
const boundaryTrace: Trace = {
  requests: [...burstAt(59_000, 3, true), ...burstAt(60_000, 3, false, true)],
  firstDivergence: 3,
  windowEdges: [60_000],
};

describe("layoutTimeline", () => {
  test("draws one cell per request in each of the two lanes", () => {
    const layout = layoutTimeline(boundaryTrace);
    expect(layout.cells).toHaveLength(12);
    expect(layout.cells.filter((c) => c.lane === "reference")).toHaveLength(6);
    expect(layout.lanes.map((l) => l.label)).toEqual(["Reference", "Yours"]);
  });

  test("a lane shows the reference's decision and the learner's decision separately", () => {
    const layout = layoutTimeline(boundaryTrace);
    const request4 = layout.cells.filter((c) => c.index === 3);
    expect(request4.find((c) => c.lane === "reference")?.admitted).toBe(false);
    expect(request4.find((c) => c.lane === "yours")?.admitted).toBe(true);
  });

  test("requests at the same instant stack in one column in arrival order", () => {
    const layout = layoutTimeline(boundaryTrace);
    const column = layout.cells.filter((c) => c.lane === "yours" && c.index < 3);
    expect(new Set(column.map((c) => c.x)).size).toBe(1);
    const ys = column.map((c) => c.y);
    expect(ys[0]).toBeGreaterThan(ys[1]!);
    expect(ys[1]).toBeGreaterThan(ys[2]!);
    expect(layout.maxBurst).toBe(3);
  });

  test("later requests are drawn further right", () => {
    const layout = layoutTimeline(boundaryTrace);
    const first = layout.cells.find((c) => c.index === 0)!;
    const last = layout.cells.find((c) => c.index === 5)!;
    expect(last.x).toBeGreaterThan(first.x);
  });

  test("cells stay inside their lane even for a burst of a thousand", () => {
    const trace: Trace = { requests: burstAt(0, 1000, true), firstDivergence: null };
    const layout = layoutTimeline(trace);
    for (const lane of layout.lanes) {
      for (const cell of layout.cells.filter((c) => c.lane === lane.id)) {
        expect(cell.y).toBeGreaterThanOrEqual(lane.top);
        expect(cell.y + cell.height).toBeLessThanOrEqual(lane.top + lane.height);
      }
    }
  });

  test("every cell lies inside the plot area horizontally", () => {
    const requests = Array.from({ length: 50 }, (_, i) => ({
      t: i * 37,
      expected: i % 2 === 0,
      actual: true,
    }));
    const layout = layoutTimeline({ requests, firstDivergence: 1 });
    for (const cell of layout.cells) {
      expect(cell.x).toBeGreaterThanOrEqual(layout.plotLeft - cell.width);
      expect(cell.x + cell.width).toBeLessThanOrEqual(layout.plotRight + cell.width);
    }
  });

  test("the first divergence is marked at its request's time with the judge's wording", () => {
    const layout = layoutTimeline(boundaryTrace);
    expect(layout.divergence?.index).toBe(3);
    expect(layout.divergence?.label).toBe(
      "request 4 at t=60.000s: reference denied, yours admitted",
    );
    const divergent = layout.cells.filter((c) => c.divergent);
    expect(divergent.map((c) => c.index)).toEqual([3, 3]);
    expect(layout.divergence?.x).toBeCloseTo(divergent[0]!.x + divergent[0]!.width / 2);
  });

  test("an out-of-range divergence index is ignored rather than drawn", () => {
    const layout = layoutTimeline({ ...boundaryTrace, firstDivergence: 99 });
    expect(layout.divergence).toBeNull();
    expect(layout.cells.some((c) => c.divergent)).toBe(false);
  });

  test("window edges are placed between the bursts they separate", () => {
    const layout = layoutTimeline(boundaryTrace);
    expect(layout.windowEdges).toHaveLength(1);
    const before = layout.cells.find((c) => c.index === 0)!;
    const after = layout.cells.find((c) => c.index === 3)!;
    expect(layout.windowEdges[0]!.x).toBeGreaterThan(before.x);
    expect(layout.windowEdges[0]!.x).toBeLessThanOrEqual(after.x + after.width);
  });

  test("a token level adds a band above the lanes scaled to the capacity", () => {
    const trace: Trace = {
      requests: [
        { t: 0, expected: true, actual: true },
        { t: 500, expected: true, actual: true },
      ],
      firstDivergence: null,
      level: [
        { t: 0, level: 9 },
        { t: 500, level: 10 },
      ],
      capacity: 10,
    };
    const layout = layoutTimeline(trace);
    expect(layout.level).not.toBeNull();
    const level = layout.level!;
    expect(level.max).toBe(10);
    expect(level.points[1]!.y).toBeCloseTo(level.top);
    expect(level.points[0]!.y).toBeGreaterThan(level.points[1]!.y);
    expect(level.path.startsWith("M")).toBe(true);
    expect(layout.lanes[0]!.top).toBeGreaterThan(level.top + level.height);
  });

  test("an empty trace lays out without NaN", () => {
    const layout = layoutTimeline({ requests: [], firstDivergence: null });
    expect(layout.cells).toEqual([]);
    expect(Number.isFinite(layout.height)).toBe(true);
    for (const tick of layout.ticks) expect(Number.isFinite(tick.x)).toBe(true);
  });
});

describe("niceTicks", () => {
  test("lands on round seconds across a two-minute span", () => {
    expect(niceTicks(0, 120_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000, 100_000, 120_000]);
  });

  test("uses integer multiples of the step so no tick drifts", () => {
    const ticks = niceTicks(0, 0.6);
    expect(ticks.every((t) => Number.isFinite(t))).toBe(true);
    expect(ticks).toContain(0.3);
  });

  test("a zero-length span yields the single instant", () => {
    expect(niceTicks(5, 5)).toEqual([5]);
  });
});

describe("formatting", () => {
  test("seconds keep as many decimals as the span needs", () => {
    expect(formatSeconds(60_000, 120_000)).toBe("60s");
    expect(formatSeconds(1_500, 5_000)).toBe("1.5s");
    expect(formatSeconds(250, 900)).toBe("0.25s");
  });

  test("a divergence with a cost names it", () => {
    expect(describeDivergence(0, { t: 1234, n: 3, expected: false, actual: true })).toBe(
      "request 1 (n=3) at t=1.234s: reference denied, yours admitted",
    );
  });

  test("groupByInstant sorts columns by time and keeps arrival order inside one", () => {
    const groups = groupByInstant([
      { t: 10, expected: true, actual: true },
      { t: 5, expected: true, actual: true },
      { t: 10, expected: false, actual: false },
    ]);
    expect(groups).toEqual([
      { t: 5, indices: [1] },
      { t: 10, indices: [0, 2] },
    ]);
  });
});

describe("crowded instants and short spans", () => {
  test("a burst of a hundred at one instant is drawn as runs with its count above", () => {
    const requests = [...burstAt(0, 60, true), ...burstAt(0, 40, false), ...burstAt(1000, 3, true)];
    const layout = layoutTimeline({ requests, firstDivergence: null });
    const column = layout.cells.filter((c) => c.lane === "reference" && c.x === layout.cells[0]!.x);
    expect(column.map((c) => c.count)).toEqual([60, 40]);
    expect(column[0]!.height).toBeGreaterThan(column[1]!.height);
    expect(layout.burstLabels.map((b) => b.label)).toEqual(["×100", "×3"]);
  });

  test("the first divergence inside a big burst is a run of its own", () => {
    const requests = burstAt(0, 50, true).map((r, i) => (i === 20 ? { ...r, actual: false } : r));
    const layout = layoutTimeline({ requests, firstDivergence: 20 });
    const yours = layout.cells.filter((c) => c.lane === "yours");
    expect(yours.map((c) => c.count)).toEqual([20, 1, 29]);
    expect(yours[1]!.divergent).toBe(true);
    expect(yours[1]!.height).toBeGreaterThanOrEqual(2);
  });

  test("a span of a few milliseconds labels each tick once", () => {
    const layout = layoutTimeline({
      requests: [...burstAt(0, 3, true), ...burstAt(2, 3, false)],
      firstDivergence: null,
    });
    const labels = layout.ticks.map((t) => t.label).filter(Boolean);
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain("0.001s");
  });

  test("a two-minute span keeps whole-second labels, each once", () => {
    const layout = layoutTimeline({
      requests: [...burstAt(0, 2, true), ...burstAt(120_000, 2, true)],
      firstDivergence: null,
    });
    const labels = layout.ticks.map((t) => t.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain("100s");
  });

  test("a divergence inside a burst says how many share its instant, on a row above the ×N labels", () => {
    // The course's boundary figure: 100 at t=59s, 101 at t=60s; yours denies the second burst.
    const requests = [...burstAt(59_000, 100, true), ...burstAt(60_000, 100, true, false)];
    requests.push({ t: 60_000, expected: false, actual: false });
    const layout = layoutTimeline({ requests, firstDivergence: 100 });
    expect(layout.divergence?.caption).toBe("first divergence: request 101 · ×101 at once");
    expect(layout.divergence?.anchor).toBe("end");
    expect(layout.burstLabels.map((b) => b.label)).toEqual(["×100", "×101"]);
    // 11px caption text ends above where the 10.5px "×N" text begins.
    for (const burst of layout.burstLabels) expect(layout.divergence!.y).toBeLessThan(burst.y - 11);
  });

  test("drawn for a phone, the chart keeps its width, fewer ticks and labels that do not touch", () => {
    const requests = [...burstAt(59_000, 100, true), ...burstAt(60_000, 101, true, false)];
    const layout = layoutTimeline({ requests, firstDivergence: 100 }, 281);
    expect(layout.width).toBe(281);
    // The caption takes a shorter wording and stays inside the drawing.
    const caption = layout.divergence!;
    expect(caption.caption).toMatch(/^(first )?divergence: request 101 · ×101$/);
    expect(caption.textX - caption.caption.length * 6.6).toBeGreaterThanOrEqual(0);
    expect(caption.textX).toBeLessThanOrEqual(281);
    const labelled = layout.ticks.filter((t) => t.label);
    expect(labelled.length).toBeGreaterThanOrEqual(2);
    expect(labelled.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < labelled.length; i++) {
      expect(labelled[i]!.x - labelled[i - 1]!.x).toBeGreaterThanOrEqual(40);
    }
    for (const cell of layout.cells) {
      expect(cell.x).toBeGreaterThanOrEqual(layout.plotLeft - 12);
      expect(cell.x + cell.width).toBeLessThanOrEqual(layout.plotRight + 12);
    }
  });
});
