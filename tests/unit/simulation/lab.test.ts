import path from "node:path";
import { describe, expect, test } from "vitest";
import { findCourse, findLesson, loadCatalog } from "@/lib/content/loader";
import { findExample, runExample } from "@/lib/content/run-example";
import { checkLabSettings, labPresets, runLab } from "@/lib/simulation/lab";

const lesson = findLesson(findCourse(loadCatalog(), "system-design")!, "rate-limiter")!;
const printed = (example: string, value: string) =>
  runExample(findExample(lesson.dir, example, path.join(lesson.dir, "lab"))).values[value];

describe("the cluster lab's presets are the lesson's printed figures", () => {
  test.each(labPresets.map((preset) => [preset.label, preset]))("%s", (_label, preset) => {
    const shown = printed(preset.figure.example, preset.figure.value);
    expect(typeof shown).toBe("number");
    expect(runLab(preset.settings).allowed).toBe(shown);
  });

  test("which are 300, 99, 63, 1,200 and 100", () => {
    expect(labPresets.map((preset) => runLab(preset.settings).allowed)).toEqual([
      300, 99, 63, 1_200, 100,
    ]);
  });
});

describe("the lab's controls", () => {
  const [full, divided] = labPresets.map((preset) => preset.settings);

  test("sticky routing sends one client to one instance: a divided limit gives it a third", () => {
    expect(runLab({ ...divided!, routing: "sticky" }).allowed).toBe(33);
  });

  test("a restarting instance forgets its count; a shared store does not", () => {
    const settings = {
      ...full!,
      arrival: "even" as const,
      offered: 600,
      routing: "restart" as const,
    };
    expect(runLab(settings).allowed).toBe(400);
    expect(runLab({ ...settings, placement: "shared" }).allowed).toBe(100);
  });

  test("a store outage admits everything in it when failing open, nothing when failing closed", () => {
    const shared = {
      ...full!,
      placement: "shared" as const,
      arrival: "even" as const,
      offered: 600,
    };
    const open = runLab({ ...shared, outage: "fail-open" });
    const closed = runLab({ ...shared, outage: "fail-closed" });
    expect(open.allowed).toBe(100 + 200);
    expect(closed.allowed).toBe(100);
    expect(runLab({ ...full!, outage: "fail-closed" }).allowed).toBe(300);
  });

  test("every algorithm keeps one shared limit at the documented figure", () => {
    for (const algorithm of [
      "fixed-window",
      "sliding-log",
      "sliding-counter",
      "token-bucket",
    ] as const) {
      expect(runLab({ ...full!, placement: "shared", algorithm }).allowed, algorithm).toBe(100);
    }
  });

  test("the timeline is cumulative, per instance, and ends at the total", () => {
    const outcome = runLab({ ...full!, arrival: "even" });
    expect(outcome.timeline).toHaveLength(12);
    expect(outcome.timeline.at(-1)!.allowed).toBe(outcome.allowed);
    expect(outcome.timeline.at(-1)!.perInstance).toEqual(outcome.perInstance.map((i) => i.allowed));
    for (let i = 1; i < outcome.timeline.length; i++) {
      expect(outcome.timeline[i]!.allowed).toBeGreaterThanOrEqual(outcome.timeline[i - 1]!.allowed);
    }
  });

  test("settings that make no sense are refused with the reason", () => {
    expect(checkLabSettings({ ...full!, routing: "weighted", weights: [1, 2] })).toEqual({
      ok: false,
      problem: "Weighted routing needs one weight per instance: 3 numbers, got 2.",
    });
    expect(checkLabSettings({ ...full!, instances: 0 })).toMatchObject({ ok: false });
    expect(() => runLab({ ...full!, offered: -1 })).toThrow(RangeError);
  });
});
