import { expect, test } from "vitest";
import { toCsv } from "@/lib/instructor/csv";
import { csvRows, dashboardTable } from "@/lib/instructor/tables";
import type { LessonDashboard } from "@/lib/instructor/dashboard-types";

test("CSV quotes commas, quotes and line breaks, and ends every line with CRLF", () => {
  expect(
    toCsv(
      ["a", "b"],
      [
        ["x, y", 'say "hi"'],
        ["two\nlines", null],
      ],
    ),
  ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",\r\n');
});

test("CSV defuses text a spreadsheet would run as a formula, but not negative numbers", () => {
  expect(toCsv(["t"], [["=HYPERLINK(1)"], ["@sum"], [-1]])).toBe(
    "t\r\n'=HYPERLINK(1)\r\n'@sum\r\n-1\r\n",
  );
});

test("a table's rates are exported as fractions rounded to four places", () => {
  const dashboard: LessonDashboard = {
    course: "c",
    lesson: "l",
    readers: 3,
    funnel: [],
    exercises: [
      {
        id: "e",
        title: "E",
        attempted: 3,
        solved: 2,
        passRate: 2 / 3,
        submissions: 5,
        accepted: 2,
        medianAttempts: 1.5,
      },
    ],
    hiddenTests: [],
    traps: [],
    cards: [],
  };
  expect(csvRows(dashboardTable(dashboard, "exercises"))).toEqual([
    ["e", "E", 3, 2, 0.6667, 5, 2, 1.5],
  ]);
});
