// Where "Continue" goes in a lesson: the next section not read yet (after the one last read), else the first exercise not
// solved yet, else the first trap not fixed, else the cards due. Pure: the lesson's outline and
// the learner's summary in, one step out.

export interface LessonOutline {
  sections: readonly { slug: string; title: string; href: string }[];
  exercises: readonly { slug: string; title: string; href: string }[];
  traps: readonly { id: string; title: string; href: string }[];
  reviewHref: string;
}

export interface LessonDone {
  /** The section the learner was last reading in this browser, if known: continue after it. */
  lastRead?: string;
  sectionsRead: readonly string[];
  solvedExercises: readonly string[];
  trapsDone: readonly string[];
  cardsDue: number;
}

export type NextStep =
  | { kind: "section" | "exercise" | "trap" | "review"; label: string; href: string }
  | { kind: "done"; label: string; href: null };

export function nextStep(outline: LessonOutline, done: LessonDone): NextStep {
  const read = new Set(done.sectionsRead);
  const from = done.lastRead ? outline.sections.findIndex((s) => s.slug === done.lastRead) : -1;
  const section =
    outline.sections.slice(from + 1).find((s) => !read.has(s.slug)) ??
    outline.sections.find((s) => !read.has(s.slug));
  if (section) return { kind: "section", label: section.title, href: section.href };
  const solved = new Set(done.solvedExercises);
  const exercise = outline.exercises.find((e) => !solved.has(e.slug));
  if (exercise)
    return { kind: "exercise", label: `Exercise: ${exercise.title}`, href: exercise.href };
  const fixed = new Set(done.trapsDone);
  const trap = outline.traps.find((t) => !fixed.has(t.id));
  if (trap) return { kind: "trap", label: trap.title, href: trap.href };
  if (done.cardsDue > 0) {
    return {
      kind: "review",
      label: `Review ${done.cardsDue} card${done.cardsDue === 1 ? "" : "s"}`,
      href: outline.reviewHref,
    };
  }
  return { kind: "done", label: "Every step of this lesson is done", href: null };
}
