import { ContentError } from "@/lib/content/content-error";
import { highlightCode } from "@/lib/content/highlight";
import { luaScriptOf, readLimiterSource } from "@/lib/content/limiter-source";
import Link from "next/link";
import { limiterSourceHref } from "@/lib/content/urls";
import { CodeFigureOf } from "./code-block";
import type { LessonContext } from "./lesson-context";
import styles from "./mdx.module.css";

export interface LimiterSourceProps {
  file: string;
  /**
   * "lua": only the Lua script the file exports, highlighted as Lua. "link": a link to the file on a
   * page of its own (production code a reader may want, but not read first; it keeps this page light).
   */
  show?: "lua" | "link";
}

/** `<LimiterSource file="token-bucket.ts" />`: a file of lib/limiters, exactly as the site runs it. */
export async function LimiterSource({
  file,
  show,
  context,
}: LimiterSourceProps & { context: LessonContext }) {
  if (show !== undefined && show !== "lua" && show !== "link") {
    throw new ContentError(context.mdxFile, [
      `<LimiterSource file="${file}" show="${String(show)}">: show may be "lua" or "link"`,
    ]);
  }
  const source = readLimiterSource(file, context.mdxFile);
  if (show === "link") {
    const { lesson } = context;
    return (
      <span className={styles.sourceLink}>
        <Link href={limiterSourceHref(lesson.courseSlug, lesson.slug, file)}>
          <code>lib/limiters/{file}</code>
        </Link>{" "}
        <span className={styles.sourceLinkLines}>({lineCount(source)} lines)</span>
      </span>
    );
  }
  if (show === "lua") {
    const code = await highlightCode(luaScriptOf(source, file, context.mdxFile), "lua");
    return <CodeFigureOf code={code} caption={`The script in lib/limiters/${file}`} />;
  }
  return <LimiterFile file={file} source={source} />;
}

/** A whole lib/limiters file, highlighted, with its path as the caption. */
export async function LimiterFile({ file, source }: { file: string; source: string }) {
  const code = await highlightCode(source, "ts");
  return (
    <CodeFigureOf
      code={code}
      caption={`lib/limiters/${file} — the code the lesson's figures and the judge run on`}
    />
  );
}

function lineCount(source: string): number {
  return source.replace(/\n$/, "").split("\n").length;
}
