import type { Lesson } from "@/lib/content/loader";

/** What a lesson-aware MDX component knows about the file it is rendered from. */
export interface LessonContext {
  lesson: Lesson;
  /** The MDX file being rendered; build errors name it. */
  mdxFile: string;
}
