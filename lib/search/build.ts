import { loadExerciseForClient } from "@/lib/content/exercises";
import { loadCatalog, type Lesson } from "@/lib/content/loader";
import { loadLessonCards } from "@/lib/review/load-cards";
import { loadLessonTraps } from "@/lib/traps/load-traps";
import { searchDocuments, type LessonExtras } from "./documents";
import { buildSearchIndex } from "./search-index";

// Server only (reads content/): the site's search index as JSON, for app/search-index.json.

function lessonExtras(lesson: Lesson): LessonExtras {
  const traps = loadLessonTraps({
    dir: lesson.dir,
    courseSlug: lesson.courseSlug,
    slug: lesson.slug,
  });
  const cards = loadLessonCards({
    dir: lesson.dir,
    courseSlug: lesson.courseSlug,
    slug: lesson.slug,
    title: lesson.title,
  });
  const exercisePrompts = Object.fromEntries(
    lesson.exercises.map((exercise) => [
      exercise.slug,
      loadExerciseForClient(exercise.slug).readme.body,
    ]),
  );
  return {
    traps: traps.map((trap) => ({
      id: trap.id,
      letter: trap.letter,
      title: trap.title,
      question: trap.question,
      task: trap.task,
      body: trap.body,
    })),
    // Trap cards repeat their trap; they are found through it.
    cards: cards
      .filter((card) => card.source !== "trap")
      .map((card) => ({
        id: card.id,
        prompt: card.prompt,
        answer: card.answer,
        section: card.section,
        anchor: card.anchor,
      })),
    exercisePrompts,
  };
}

export function buildSiteSearchIndex(): { json: string; documents: number } {
  const documents = searchDocuments(loadCatalog(), lessonExtras);
  return { json: buildSearchIndex(documents), documents: documents.length };
}
