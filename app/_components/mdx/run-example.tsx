import type { CSSProperties } from "react";
import { escapeText } from "@/lib/content/compact-code";
import { ContentError } from "@/lib/content/content-error";
import { highlightCode } from "@/lib/content/highlight";
import { registerHtmlIsland } from "@/lib/content/html-islands";
import { findExample, runExample } from "@/lib/content/run-example";
import { exampleSourceHref } from "@/lib/content/urls";
import { dedentLines } from "@/lib/example-sandbox/output";
import { CodeFigureOf } from "./code-block";
import { ExamplePlayground } from "./example-playground";
import { HtmlIsland } from "./html-island";
import type { LessonContext } from "./lesson-context";
import styles from "./example.module.css";

export interface RunExampleProps {
  id: string;
  /** "output" hides the program and shows only what it printed. */
  show?: "output";
}

/**
 * `<RunExample id="fixed-window-boundary" />`: runs `examples/<id>.ts` of the current lesson against
 * lib/limiters while the page is built, and shows the program and what it printed. The figures on
 * the page are therefore whatever the real code computes. "Edit and run" (example-playground.tsx)
 * lets the learner change the program and run it in the browser against the same code.
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
  const code = show === "output" ? null : await highlightCode(result.source, "ts");
  const printed = dedentLines(result.lines);
  return (
    <ExamplePlayground
      id={id}
      code={code ? <CodeFigureOf code={code} caption={`examples/${id}.ts`} /> : null}
      output={
        <figure
          className={styles.output}
          style={{ "--code-lines": Math.max(1, printed.length) } as CSSProperties}
        >
          <figcaption className={styles.outputCaption}>
            Output — computed when this page was built
          </figcaption>
          {/* A static island: the payload does not repeat the text (decision 340). */}
          <HtmlIsland
            as="pre"
            className={styles.outputText}
            tabIndex={0}
            island={registerHtmlIsland(`<samp>${escapeText(printed.join("\n"))}</samp>`)}
          />
        </figure>
      }
      {...(code
        ? {}
        : { sourceHref: exampleSourceHref(context.lesson.courseSlug, context.lesson.slug, id) })}
    />
  );
}
