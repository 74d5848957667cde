import { cardSources } from "@/lib/content/cards";
import { lessonFigureIds } from "@/lib/figures/lesson-figures";
import { labPresets } from "@/lib/simulation/lab";

// The components an MDX file may use, with their props, as app/_components/mdx/mdx-components.tsx
// defines them. lib/ may not import app/, so the list is written out here; a unit test
// (tests/unit/authoring/mdx-vocabulary.test.ts) fails when the two disagree.

export interface ComponentSpec {
  /** Props that must be given, as literal strings. */
  required: readonly string[];
  optional: readonly string[];
  /** Allowed values of a prop, when it is a closed set. */
  values?: Readonly<Record<string, readonly string[]>>;
  /** Needs the lesson it is in (its examples, its exercises): not in a course's intro. */
  lessonOnly: boolean;
}

export const mdxVocabulary: Readonly<Record<string, ComponentSpec>> = {
  Callout: {
    required: [],
    optional: ["kind", "title"],
    values: { kind: ["note", "tip", "warning", "interview"] },
    lessonOnly: false,
  },
  Reveal: { required: [], optional: ["label"], lessonOnly: false },
  ClusterLab: {
    required: [],
    optional: ["preset"],
    values: { preset: labPresets.map((preset) => preset.id) },
    lessonOnly: false,
  },
  Figure: { required: ["id"], optional: [], values: { id: lessonFigureIds }, lessonOnly: false },
  RunExample: {
    required: ["id"],
    optional: ["show"],
    values: { show: ["output"] },
    lessonOnly: true,
  },
  Value: { required: ["example", "name"], optional: [], lessonOnly: true },
  LimiterSource: {
    required: ["file"],
    optional: ["show"],
    values: { show: ["lua", "link"] },
    lessonOnly: true,
  },
  ExerciseList: { required: [], optional: [], lessonOnly: true },
  Trap: { required: ["id"], optional: [], lessonOnly: true },
  Flashcard: { required: ["card"], optional: [], lessonOnly: true },
  CardDeck: {
    required: ["source"],
    optional: ["title"],
    values: { source: cardSources },
    lessonOnly: true,
  },
};

/** A JSX name is a component when it starts with a capital letter; lowercase ones are HTML. */
export function isComponentName(name: string): boolean {
  return /^[A-Z]/.test(name);
}
