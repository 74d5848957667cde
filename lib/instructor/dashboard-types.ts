import type { Db } from "@/lib/db/client";

// The shapes of the instructor dashboard: what a lesson's dashboard is computed over (its scope) and
// the rows of each table. Definitions of the figures: docs/decisions/060-instructor-dashboard-figures.md.

export interface DashboardScope {
  course: string;
  lesson: string;
  sections: readonly { slug: string; title: string }[];
  exercises: readonly { slug: string; title: string }[];
  traps: readonly { slug: string; title: string }[];
  cards: readonly { id: string; prompt: string }[];
}

export interface DashboardDeps {
  db: Db;
}

export interface FunnelRow {
  kind: "section" | "exercise";
  id: string;
  title: string;
  /** Section: learners who read it. Exercise: learners who read the lesson or attempted it. */
  read: number;
  attempted: number | null;
  solved: number | null;
}

export interface ExerciseRow {
  id: string;
  title: string;
  attempted: number;
  solved: number;
  /** solved / attempted: the share of learners who tried it and got it accepted. */
  passRate: number | null;
  submissions: number;
  accepted: number;
  /** Submissions up to and including the first accepted one, median over the learners who solved. */
  medianAttempts: number | null;
}

export interface HiddenTestRow {
  exerciseId: string;
  test: string;
  category: string | null;
  /** Submissions in which it failed. */
  failures: number;
  /** Learners who failed it at least once. */
  learners: number;
}

export interface TrapRow {
  id: string;
  title: string;
  /** Learners who predicted; accuracy is on each learner's first prediction. */
  learners: number;
  firstCorrect: number;
  accuracy: number | null;
  predictions: number;
  fixes: number;
  fixesPassed: number;
}

export interface CardRow {
  id: string;
  prompt: string;
  reviews: number;
  again: number;
  againRate: number | null;
  learners: number;
}

export interface LessonDashboard {
  course: string;
  lesson: string;
  /** Learners who read at least one section of the lesson. */
  readers: number;
  funnel: FunnelRow[];
  exercises: ExerciseRow[];
  hiddenTests: HiddenTestRow[];
  traps: TrapRow[];
  cards: CardRow[];
}
