import type { MDXComponents } from "mdx/types";
import { ContentError } from "@/lib/content/content-error";
import { compileMdx } from "@/lib/content/compile-mdx";
import { highlightCode } from "@/lib/content/highlight";
import { loadTrap } from "@/lib/traps/load-traps";
import { renderInline } from "../cards/inline-markdown";
import { CodeFigureOf } from "../mdx/code-block";
import type { LessonContext } from "../mdx/lesson-context";
import { Reveal } from "../mdx/reveal";
import { TrapWorkspaceLazy } from "./trap-lazy";
import type { PredictionForm } from "./trap-workspace";
import styles from "./traps.module.css";
import { formatNumber } from "@/lib/format/format-number";

export interface TrapProps {
  /** The trap's id: its folder under the lesson's traps/, without the letter. */
  id: string;
}

/**
 * `<Trap id="increment-then-check" />`: the interactive trap, built from its folder when the page is
 * built. The server grades the prediction; the explanation (the README's body) is rendered here and
 * shown once the run is back. Without JavaScript nothing can run, so a `<noscript>` holds the answer
 * and the explanation behind a click: a browser running scripts never renders it.
 */
export async function Trap({
  id,
  context,
  componentsFor,
}: TrapProps & {
  context: LessonContext;
  /**
   * The lesson's MDX components for another file of the lesson (the trap's README). Handed in by
   * the components map, which imports this file: importing the map here would make a cycle.
   */
  componentsFor: (mdxFile: string) => MDXComponents;
}) {
  const { lesson } = context;
  const trap = loadTrap({ dir: lesson.dir, courseSlug: lesson.courseSlug, slug: lesson.slug }, id);
  if (!trap) {
    throw new ContentError(context.mdxFile, [
      `<Trap id="${id}">: the lesson has no traps/<letter>.${id}/ folder`,
    ]);
  }
  const [code, { Content }] = await Promise.all([
    highlightCode(trap.snippet, "ts"),
    // Shown by the workspace after the learner's prediction, so not in the page's HTML: no islands.
    compileMdx(trap.file, trap.body, { islands: false }),
  ]);
  const prediction: PredictionForm =
    trap.prediction.kind === "choice"
      ? { kind: "choice", choices: trap.prediction.choices }
      : { kind: "number", ...(trap.prediction.unit ? { unit: trap.prediction.unit } : {}) };

  const answer =
    trap.prediction.kind === "choice"
      ? renderInline(trap.prediction.choices[trap.prediction.correct] ?? "")
      : `${formatNumber(trap.prediction.correct)}${trap.prediction.unit ? ` ${trap.prediction.unit}` : ""}`;
  const explanation = <Content components={componentsFor(trap.file)} />;

  return (
    <>
      <TrapWorkspaceLazy
        course={trap.course}
        lesson={trap.lesson}
        id={trap.id}
        letter={trap.letter}
        question={trap.question}
        prediction={prediction}
        snippet={trap.snippet}
        task={trap.task}
        snippetView={<CodeFigureOf code={code} caption={`Trap ${trap.letter} · snippet.ts`} />}
        explanation={explanation}
      />
      <noscript>
        <div className={styles.noscript} data-testid="trap-noscript" data-trap={trap.id}>
          <p className={styles.hint}>
            JavaScript is off, so the snippet cannot run here. Commit to a prediction anyway, then
            open the answer.
          </p>
          <Reveal label={`Trap ${trap.letter}: the answer and why`}>
            <p>
              <strong>The answer:</strong> {answer}
            </p>
            {explanation}
          </Reveal>
        </div>
      </noscript>
    </>
  );
}
