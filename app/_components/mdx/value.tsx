import type { CompileOptions } from "@/lib/content/compile-mdx";
import { exampleValue, findExample, runExample } from "@/lib/content/run-example";
import type { LessonContext } from "./lesson-context";
import styles from "./mdx.module.css";

export interface ValueProps {
  example: string;
  name: string;
}

/**
 * `<Value example="three-instances" name="skewed" />`: a figure in running prose, taken from what the
 * example's `run` returned when the page was built (numbers formatted for en-US, e.g. 1,200).
 */
export function Value({ example, name, context }: ValueProps & { context: LessonContext }) {
  const result = runExample(findExample(context.lesson.dir, example, context.mdxFile));
  return <span className={styles.value}>{exampleValue(result, name, context.mdxFile)}</span>;
}

/**
 * For `compileMdx`: the lesson's `<Value>`s written as text at compile time, in the same span as
 * the component's, so the paragraphs holding them become static islands.
 */
export function inlineValues(context: Pick<LessonContext, "lesson">): CompileOptions["values"] {
  return { lessonDir: context.lesson.dir, className: styles.value ?? "" };
}
