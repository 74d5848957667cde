import { ContentError } from "@/lib/content/content-error";
import { highlightToHtml } from "@/lib/content/highlight";
import { findExample, runExample } from "@/lib/content/run-example";
import { CodeFigure, HighlightedHtml } from "./code-block";
import type { LessonContext } from "./lesson-context";
import styles from "./mdx.module.css";

export interface RunExampleProps {
  id: string;
  /** "output" hides the program and shows only what it printed. */
  show?: "output";
}

/**
 * `<RunExample id="fixed-window-boundary" />`: runs `examples/<id>.ts` of the current lesson against
 * lib/limiters while the page is built, and shows the program and what it printed. The figures on
 * the page are therefore whatever the real code computes.
 */
export async function RunExample({
  id,
  show,
  context,
}: RunExampleProps & { context: LessonContext }) {
  if (show !== undefined && show !== "output") {
    throw new ContentError(context.mdxFile, [
      `<RunExample id="${id}" show="${String(show)}">: show may only be "output"`,
    ]);
  }
  const result = runExample(findExample(context.lesson.dir, id, context.mdxFile));
  const html = show === "output" ? null : await highlightToHtml(result.source, "ts");
  return (
    <div className={styles.example} data-example={id}>
      {html ? (
        <CodeFigure language="ts" caption={`examples/${id}.ts`}>
          <HighlightedHtml html={html} />
        </CodeFigure>
      ) : null}
      <figure className={styles.output}>
        <figcaption className={styles.outputCaption}>
          Output — computed when this page was built
        </figcaption>
        <pre className={styles.outputText} tabIndex={0}>
          <samp>{dedent(result.lines).join("\n")}</samp>
        </pre>
      </figure>
    </div>
  );
}

/** Drops the indentation every printed line shares (the examples indent like a console transcript). */
function dedent(lines: readonly string[]): string[] {
  const indents = lines
    .filter((line) => line.trim() !== "")
    .map((line) => line.length - line.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common).trimEnd());
}
