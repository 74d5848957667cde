import { ContentError } from "@/lib/content/content-error";
import { highlightToHtml } from "@/lib/content/highlight";
import { luaScriptOf, readLimiterSource } from "@/lib/content/limiter-source";
import { CodeFigure, HighlightedHtml } from "./code-block";
import type { LessonContext } from "./lesson-context";
import styles from "./mdx.module.css";

export interface LimiterSourceProps {
  file: string;
  /**
   * "lua": only the Lua script the file exports, highlighted as Lua. "collapsed": the whole file
   * behind a disclosure, one click away (production code a reader may want, but not read first).
   */
  show?: "lua" | "collapsed";
}

/** `<LimiterSource file="token-bucket.ts" />`: a file of lib/limiters, exactly as the site runs it. */
export async function LimiterSource({
  file,
  show,
  context,
}: LimiterSourceProps & { context: LessonContext }) {
  if (show !== undefined && show !== "lua" && show !== "collapsed") {
    throw new ContentError(context.mdxFile, [
      `<LimiterSource file="${file}" show="${String(show)}">: show may be "lua" or "collapsed"`,
    ]);
  }
  const source = readLimiterSource(file, context.mdxFile);
  if (show === "lua") {
    const html = await highlightToHtml(luaScriptOf(source, file, context.mdxFile), "lua");
    return (
      <CodeFigure language="lua" caption={`The script in lib/limiters/${file}`}>
        <HighlightedHtml html={html} />
      </CodeFigure>
    );
  }
  const html = await highlightToHtml(source, "ts");
  const figure = (
    <CodeFigure
      language="ts"
      caption={`lib/limiters/${file} — the code the lesson's figures and the judge run on`}
    >
      <HighlightedHtml html={html} />
    </CodeFigure>
  );
  if (show !== "collapsed") return figure;
  const lines = source.replace(/\n$/, "").split("\n").length;
  return (
    <details className={styles.sourceFold}>
      <summary className={styles.sourceFoldSummary}>
        <code>lib/limiters/{file}</code>{" "}
        <span className={styles.sourceFoldLines}>{lines} lines</span>
      </summary>
      {figure}
    </details>
  );
}
