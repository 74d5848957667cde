import type { Metadata } from "next";
import { Breadcrumbs } from "@/app/_components/breadcrumbs";
import {
  listExercises,
  loadExerciseForJudge,
  readJudgeModuleDeclarations,
} from "@/lib/content/exercises";
import { instructorHref } from "@/lib/instructor/urls";
import { requireInstructorPage } from "../_components/access";
import styles from "../_components/instructor.module.css";
import { PlaygroundForm, type PlaygroundExercise } from "./playground-form";

export const metadata: Metadata = { title: "Playground", robots: { index: false } };

interface PlaygroundParams {
  searchParams: Promise<{ exercise?: string | string[] }>;
}

/**
 * Paste a candidate solution or test file for an exercise and judge it on the server against the
 * reference, before committing it to the exercise folder.
 */
export default async function PlaygroundPage({ searchParams }: PlaygroundParams) {
  await requireInstructorPage();
  const exercises: PlaygroundExercise[] = listExercises().map((ref) => {
    const exercise = loadExerciseForJudge(ref.id);
    return {
      id: exercise.id,
      label: `${exercise.title} (${ref.courseSlug}/${ref.lessonSlug})`,
      starter: exercise.starter,
      visibleTests: exercise.visibleTests,
    };
  });
  const wanted = (await searchParams).exercise;
  const initial = exercises.find((exercise) => exercise.id === wanted)?.id ?? exercises[0]?.id;

  return (
    <div className={styles.page}>
      <div>
        <Breadcrumbs trail={[{ label: "Instructor", href: instructorHref() }]} />
        <h1>Playground</h1>
        <p className={styles.lede}>
          Judge a candidate against an exercise on the server. A <strong>solution</strong> runs
          against the exercise&apos;s visible and hidden tests, as Submit does. A{" "}
          <strong>test file</strong> runs against the reference solution, which must pass it, and
          the starter, which should fail it. Nothing is saved.
        </p>
      </div>
      {initial ? (
        <PlaygroundForm
          exercises={exercises}
          initialExercise={initial}
          typeDeclarations={readJudgeModuleDeclarations()}
        />
      ) : (
        <p>
          There are no exercises yet: npm run new -- exercise
          &lt;course&gt;/&lt;lesson&gt;/&lt;slug&gt;.
        </p>
      )}
    </div>
  );
}
