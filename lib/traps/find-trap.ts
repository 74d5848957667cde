import {
  findCourse,
  findLesson,
  loadCatalog,
  type Catalog,
  type Lesson,
} from "@/lib/content/loader";
import { loadTrap, type LessonRef, type Trap } from "./load-traps";

// Finding a trap from the ids a URL carries (course, lesson, trap). The catalogue is read once per
// process: its folders do not change while the server runs; the trap's own files are read each time.

let catalog: Catalog | undefined;

function currentCatalog(root?: string): Catalog {
  if (root !== undefined) return loadCatalog({ root, includeDrafts: true });
  catalog ??= loadCatalog();
  return catalog;
}

export interface TrapRef {
  course: string;
  lesson: string;
  trap: string;
}

export function findLessonRef(course: string, lesson: string, root?: string): Lesson | undefined {
  const found = findCourse(currentCatalog(root), course);
  return found ? findLesson(found, lesson) : undefined;
}

/** The trap a URL names, or undefined (an unknown course, lesson or trap alike). */
export function findTrap(ref: TrapRef, root?: string): Trap | undefined {
  const lesson = findLessonRef(ref.course, ref.lesson, root);
  return lesson ? loadTrap(lessonRefOf(lesson), ref.trap) : undefined;
}

export function lessonRefOf(lesson: Lesson): LessonRef {
  return { dir: lesson.dir, courseSlug: lesson.courseSlug, slug: lesson.slug };
}

/** Every lesson of the catalogue (drafts included) that has a trap with this id. */
export function lessonsWithTrap(id: string, root?: string): Lesson[] {
  const tree = root === undefined ? loadCatalog({ includeDrafts: true }) : currentCatalog(root);
  return tree.courses.flatMap((course) =>
    course.lessons.filter((lesson) => loadTrap(lessonRefOf(lesson), id) !== undefined),
  );
}
