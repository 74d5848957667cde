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
