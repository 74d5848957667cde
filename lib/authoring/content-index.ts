import type { Catalog, Course, ExerciseSummary, Lesson } from "@/lib/content/loader";
import { ContentError } from "@/lib/content/content-error";
import { readMdxFile } from "@/lib/content/read-mdx-file";
import { exerciseFrontmatterSchema } from "@/lib/content/schemas";
import { lessonRefOf } from "@/lib/traps/find-trap";
import { loadLessonTraps } from "@/lib/traps/load-traps";
import { listAppRoutes, type RoutePattern } from "./app-routes";
import type { MdxOutline } from "./mdx-outline";

// Everything a link, a component or a card may point at, gathered once: the catalogue (drafts
// included, so a link into a draft can be told apart from a link to nothing), each MDX file's outline,
// and the app's other routes.

export type MdxKind = "course" | "lesson" | "section" | "exercise" | "trap";

export interface MdxDocument {
  kind: MdxKind;
  file: string;
  body: string;
  course: Course;
  lesson?: Lesson;
  exercise?: ExerciseSummary;
  outline?: MdxOutline;
}

export interface ContentIndex {
  catalog: Catalog;
  documents: MdxDocument[];
  byFile: Map<string, MdxDocument>;
  appRoutes: RoutePattern[];
}

export function listDocuments(catalog: Catalog): MdxDocument[] {
  const documents: MdxDocument[] = [];
  for (const course of catalog.courses) {
    documents.push({ kind: "course", file: course.file, body: course.body, course });
    for (const lesson of course.lessons) {
      documents.push({ kind: "lesson", file: lesson.file, body: lesson.body, course, lesson });
      for (const section of lesson.sections) {
        documents.push({ kind: "section", file: section.file, body: section.body, course, lesson });
      }
      for (const exercise of lesson.exercises) {
        // The loader keeps only an exercise's frontmatter; its prompt is checked like any other MDX.
        const { body } = readMdxFile(exercise.file, exerciseFrontmatterSchema);
        documents.push({ kind: "exercise", file: exercise.file, body, course, lesson, exercise });
      }
      // A trap's explanation is MDX rendered inside a section; a broken traps/ folder is reported by
      // the traps check, so here it only means there is nothing more to outline.
      for (const trap of trapsOf(lesson)) {
        documents.push({ kind: "trap", file: trap.file, body: trap.body, course, lesson });
      }
    }
  }
  return documents;
}

function trapsOf(lesson: Lesson): { file: string; body: string }[] {
  try {
    return loadLessonTraps(lessonRefOf(lesson));
  } catch (caught) {
    if (caught instanceof ContentError) return [];
    throw caught;
  }
}

export function buildIndex(
  catalog: Catalog,
  documents: MdxDocument[],
  appDir: string,
): ContentIndex {
  return {
    catalog,
    documents,
    byFile: new Map(documents.map((document) => [document.file, document])),
    appRoutes: listAppRoutes(appDir),
  };
}

/** Heading ids of one file, or undefined when the file could not be outlined (already reported). */
export function headingIds(index: ContentIndex, file: string): string[] | undefined {
  return index.byFile.get(file)?.outline?.headings.map((heading) => heading.id);
}
