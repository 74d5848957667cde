import { displayPath } from "@/lib/content/content-error";
import type { ContentIndex } from "./content-index";
import { error, type AuthoringProblem } from "./problem";

// An exercise's id is its folder slug, and it is global: the judge looks exercises up by id alone
// and submissions and drafts store only the id. The loader checks uniqueness within a lesson; two
// lessons using the same exercise slug would silently share progress, so that is an error here.

export function checkIds(index: ContentIndex): AuthoringProblem[] {
  const problems: AuthoringProblem[] = [];
  const firstDir = new Map<string, string>();
  for (const course of index.catalog.courses) {
    for (const lesson of course.lessons) {
      for (const exercise of lesson.exercises) {
        const first = firstDir.get(exercise.slug);
        if (first === undefined) {
          firstDir.set(exercise.slug, exercise.dir);
          continue;
        }
        problems.push(
          error(
            exercise.file,
            `exercise id "${exercise.slug}" is already used by ${displayPath(first)}; exercise ids are global (submissions store only the id)`,
            `rename this folder to NN.${lesson.slug}-${exercise.slug} or another unused slug`,
          ),
        );
      }
    }
  }
  return problems;
}
