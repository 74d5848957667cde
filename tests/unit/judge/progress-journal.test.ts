import { expect, test } from "vitest";
import {
  JOURNAL_BYTES,
  JournalWriter,
  createJournal,
  readJournal,
} from "@/lib/judge/node/progress-journal";
import type { TestResult } from "@/lib/judge/results";

const passed = (name: string): TestResult => ({ name, status: "pass", hidden: false });

test("the pool reads back the plan and every finished test of the running judge", () => {
  const buffer = createJournal();
  const writer = new JournalWriter(buffer);
  writer.begin(7);
  expect(
    writer.append({
      plan: [
        { name: "a", hidden: false },
        { name: "b", hidden: true },
      ],
    }),
  ).toBe(true);
  expect(writer.append({ index: 0, result: passed("a"), verdict: "accepted" })).toBe(true);
  expect(readJournal(buffer, 7)).toEqual({
    plan: [
      { name: "a", hidden: false },
      { name: "b", hidden: true },
    ],
    results: [passed("a")],
    verdicts: ["accepted"],
  });
});

test("a journal left by an earlier judge is not read as the current one's", () => {
  const buffer = createJournal();
  const writer = new JournalWriter(buffer);
  writer.begin(1);
  writer.append({ index: 0, result: passed("old"), verdict: "accepted" });
  expect(readJournal(buffer, 2)).toEqual({ results: [], verdicts: [] });
  writer.begin(2);
  expect(readJournal(buffer, 2)).toEqual({ results: [], verdicts: [] });
});

test("a record that does not fit is refused whole, and what fitted stays readable", () => {
  const buffer = createJournal();
  const writer = new JournalWriter(buffer);
  writer.begin(3);
  writer.append({ index: 0, result: passed("small"), verdict: "accepted" });
  const huge: TestResult = { ...passed("huge"), output: "x".repeat(JOURNAL_BYTES) };
  expect(writer.append({ index: 1, result: huge, verdict: "accepted" })).toBe(false);
  expect(readJournal(buffer, 3).results).toEqual([passed("small")]);
});
