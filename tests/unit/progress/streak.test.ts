import { describe, expect, test } from "vitest";
import { currentStreak } from "@/lib/progress/streak";

const day = (iso: string) => new Date(iso);

describe("currentStreak", () => {
  test("counts consecutive UTC days ending today", () => {
    const activity = [
      day("2026-03-01T23:59:00Z"),
      day("2026-03-02T00:01:00Z"),
      day("2026-03-03T12:00:00Z"),
    ];
    expect(currentStreak(activity, day("2026-03-03T18:00:00Z"))).toBe(3);
  });

  test("a streak survives until the day is over if nothing has happened yet today", () => {
    const activity = [day("2026-03-01T10:00:00Z"), day("2026-03-02T10:00:00Z")];
    expect(currentStreak(activity, day("2026-03-03T08:00:00Z"))).toBe(2);
  });

  test("a missed day breaks the streak", () => {
    const activity = [day("2026-03-01T10:00:00Z"), day("2026-03-03T10:00:00Z")];
    expect(currentStreak(activity, day("2026-03-03T11:00:00Z"))).toBe(1);
    expect(currentStreak(activity, day("2026-03-05T11:00:00Z"))).toBe(0);
  });

  test("many events on one day count once", () => {
    const activity = Array.from({ length: 50 }, (_, i) =>
      day(`2026-03-03T10:${String(i).padStart(2, "0")}:00Z`),
    );
    expect(currentStreak(activity, day("2026-03-03T23:00:00Z"))).toBe(1);
  });
});
