import type { MDXComponents } from "mdx/types";
import { ClusterLab } from "../lab/cluster-lab-lazy";
import { LessonFigure, type LessonFigureProps } from "../figures/lesson-figure";
import { Callout } from "./callout";
import { CodeBlock } from "./code-block";
import { ExerciseList } from "./exercise-list";
import type { LessonContext } from "./lesson-context";
import { LimiterSource, type LimiterSourceProps } from "./limiter-source";
import { MdxLink } from "./mdx-link";
import { Reveal } from "./reveal";
import { RunExample, type RunExampleProps } from "./run-example";
import { StaticHtml } from "./static-html";
import { Value, type ValueProps } from "./value";
import {
  CardDeck,
  LessonFlashcard,
  type CardDeckProps,
  type FlashcardMdxProps,
} from "../cards/lesson-cards";
import { Trap, type TrapProps } from "../traps/trap";

// The MDX vocabulary. `mdxComponents` works in any MDX file (course intros included); the components
// that need to know which lesson they are in (its examples, its exercises) are bound by
// `lessonMdxComponents`. To add a component, add it to one of the two.

function lessonOnly(name: string) {
  return function LessonOnly(): never {
    throw new Error(`<${name}> can only be used in a lesson's MDX files`);
  };
}

export const mdxComponents = {
  pre: CodeBlock,
  a: MdxLink,
  Callout,
  Reveal,
  ClusterLab,
  Figure: (props: LessonFigureProps) => <LessonFigure {...props} />,
  StaticHtml,
  RunExample: lessonOnly("RunExample"),
  Value: lessonOnly("Value"),
  LimiterSource: lessonOnly("LimiterSource"),
  ExerciseList: lessonOnly("ExerciseList"),
  Trap: lessonOnly("Trap"),
  Flashcard: lessonOnly("Flashcard"),
  CardDeck: lessonOnly("CardDeck"),
} satisfies MDXComponents;

export function lessonMdxComponents(context: LessonContext): MDXComponents {
  return {
    ...mdxComponents,
    RunExample: (props: RunExampleProps) => <RunExample {...props} context={context} />,
    Value: (props: ValueProps) => <Value {...props} context={context} />,
    LimiterSource: (props: LimiterSourceProps) => <LimiterSource {...props} context={context} />,
    ExerciseList: () => <ExerciseList lesson={context.lesson} />,
    Trap: (props: TrapProps) => (
      <Trap
        {...props}
        context={context}
        componentsFor={(mdxFile) => lessonMdxComponents({ ...context, mdxFile })}
      />
    ),
    Flashcard: (props: FlashcardMdxProps) => <LessonFlashcard {...props} context={context} />,
    CardDeck: (props: CardDeckProps) => <CardDeck {...props} context={context} />,
  };
}
