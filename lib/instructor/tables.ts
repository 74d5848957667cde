import type { CsvCell } from "./csv";
import type { LessonDashboard } from "./dashboard-types";

// The dashboard's tables, defined once: the page renders them and the CSV export writes them, so the
// two can never disagree about a column.

export const dashboardTableIds = ["funnel", "exercises", "hidden-tests", "traps", "cards"] as const;
export type DashboardTableId = (typeof dashboardTableIds)[number];

export type ColumnFormat = "text" | "count" | "rate" | "number";

export interface DashboardColumn {
  label: string;
  format: ColumnFormat;
}

export interface DashboardTable {
  id: DashboardTableId;
  title: string;
  /** What the figures mean, in a sentence, shown under the title. */
  description: string;
  columns: DashboardColumn[];
  rows: CsvCell[][];
  /** Said when there are no rows. */
  empty: string;
}

export function isDashboardTableId(value: string): value is DashboardTableId {
  return (dashboardTableIds as readonly string[]).includes(value);
}

const text = (label: string): DashboardColumn => ({ label, format: "text" });
const count = (label: string): DashboardColumn => ({ label, format: "count" });
const ratio = (label: string): DashboardColumn => ({ label, format: "rate" });

export function dashboardTable(dashboard: LessonDashboard, id: DashboardTableId): DashboardTable {
  switch (id) {
    case "funnel":
      return {
        id,
        title: "Funnel: read → attempted → solved",
        description: `Learners at each step. ${dashboard.readers} learners read at least one section; an exercise's "read" also counts learners who went straight to it.`,
        columns: [
          text("Kind"),
          text("Id"),
          text("Title"),
          count("Read"),
          count("Attempted"),
          count("Solved"),
        ],
        rows: dashboard.funnel.map((row) => [
          row.kind,
          row.id,
          row.title,
          row.read,
          row.attempted,
          row.solved,
        ]),
        empty: "The lesson has no sections or exercises.",
      };
    case "exercises":
      return {
        id,
        title: "Exercises",
        description:
          "Pass rate is the share of learners who attempted an exercise and got it accepted; median attempts counts submissions up to the first accepted one, over those who solved it.",
        columns: [
          text("Exercise"),
          text("Title"),
          count("Attempted"),
          count("Solved"),
          ratio("Pass rate"),
          count("Submissions"),
          count("Accepted"),
          { label: "Median attempts", format: "number" },
        ],
        rows: dashboard.exercises.map((row) => [
          row.id,
          row.title,
          row.attempted,
          row.solved,
          row.passRate,
          row.submissions,
          row.accepted,
          row.medianAttempts,
        ]),
        empty: "The lesson has no exercises.",
      };
    case "hidden-tests":
      return {
        id,
        title: "Hidden tests that fail most often",
        description:
          "Across all submissions that were not accepted: how many failed the test, and how many learners failed it at least once.",
        columns: [
          text("Exercise"),
          text("Test"),
          text("Category"),
          count("Failures"),
          count("Learners"),
        ],
        rows: dashboard.hiddenTests.map((row) => [
          row.exerciseId,
          row.test,
          row.category,
          row.failures,
          row.learners,
        ]),
        empty: "No hidden test has failed yet.",
      };
    case "traps":
      return {
        id,
        title: "Trap prediction accuracy",
        description:
          "Accuracy is on each learner's first prediction (later ones come after the explanation). Fixes are judged against the trap's tests.",
        columns: [
          text("Trap"),
          text("Title"),
          count("Learners"),
          count("First right"),
          ratio("Accuracy"),
          count("Predictions"),
          count("Fixes"),
          count("Fixes passed"),
        ],
        rows: dashboard.traps.map((row) => [
          row.id,
          row.title,
          row.learners,
          row.firstCorrect,
          row.accuracy,
          row.predictions,
          row.fixes,
          row.fixesPassed,
        ]),
        empty: "The lesson has no traps, and nobody has predicted one.",
      };
    case "cards":
      return {
        id,
        title: 'Cards graded "Again" most',
        description:
          "Review grades from spaced repetition; Again means the learner could not recall the answer.",
        columns: [
          text("Card"),
          text("Prompt"),
          count("Again"),
          count("Reviews"),
          ratio("Again rate"),
          count("Learners"),
        ],
        rows: dashboard.cards.map((row) => [
          row.id,
          row.prompt,
          row.again,
          row.reviews,
          row.againRate,
          row.learners,
        ]),
        empty: "No card of this lesson has been reviewed yet.",
      };
  }
}

/** A rate for a CSV: a fraction rounded to 4 places, so 2/3 is 0.6667, not 0.6666666666666666. */
export function csvRows(table: DashboardTable): CsvCell[][] {
  return table.rows.map((row) =>
    row.map((cell, index) =>
      table.columns[index]?.format === "rate" && typeof cell === "number"
        ? Math.round(cell * 10_000) / 10_000
        : cell,
    ),
  );
}
