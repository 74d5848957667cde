import Link from "next/link";
import type { Lesson } from "@/lib/content/loader";
import { exerciseHref } from "@/lib/content/urls";
import { ExerciseMark } from "../progress/exercise-mark";
import styles from "./mdx.module.css";

const difficultyLabels = { easy: "Easy", medium: "Medium", hard: "Hard" } as const;

/**
 * `<ExerciseList />`: the current lesson's exercises as cards, from their README frontmatter, each
 * marked solved / attempted / not started for the learner once their progress has loaded.
 */
export function ExerciseList({ lesson }: { lesson: Lesson }) {
  if (lesson.exercises.length === 0) {
    return <p className={styles.empty}>No exercises for this lesson yet.</p>;
  }
  return (
    <ul className={styles.exercises}>
      {lesson.exercises.map((exercise) => (
        <li key={exercise.slug} className={styles.exercise}>
          <Link
            href={exerciseHref(lesson.courseSlug, lesson.slug, exercise.slug)}
            className={styles.exerciseLink}
          >
            {exercise.title}
          </Link>
          <span className={styles.difficulty} data-difficulty={exercise.difficulty}>
            {difficultyLabels[exercise.difficulty]}
          </span>
          <ExerciseMark exercise={exercise.slug} />
          <p className={styles.exerciseSummary}>{exercise.summary}</p>
        </li>
      ))}
    </ul>
  );
}
