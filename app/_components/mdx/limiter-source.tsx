import { highlightToHtml } from "@/lib/content/highlight";
import { readLimiterSource } from "@/lib/content/limiter-source";
import { CodeFigure, HighlightedHtml } from "./code-block";
import type { LessonContext } from "./lesson-context";

export interface LimiterSourceProps {
  file: string;
}

/** `<LimiterSource file="token-bucket.ts" />`: a file of lib/limiters, exactly as the site runs it. */
export async function LimiterSource({
  file,
  context,
}: LimiterSourceProps & { context: LessonContext }) {
  const html = await highlightToHtml(readLimiterSource(file, context.mdxFile), "ts");
  return (
    <CodeFigure
      language="ts"
      caption={`lib/limiters/${file} — the code the lesson's figures and the judge run on`}
    >
      <HighlightedHtml html={html} />
    </CodeFigure>
  );
}
