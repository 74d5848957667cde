"use client";

import { useState, type FormEvent } from "react";
import { CodeEditor } from "@/app/_components/exercise/code-editor";
import styles from "../_components/instructor.module.css";
import { problemParts } from "@/lib/http/read-problem";

export interface PlaygroundExercise {
  id: string;
  label: string;
  starter: string;
  visibleTests: string;
}

interface TestResult {
  name: string;
  status: string;
  hidden: boolean;
  category?: string;
  message?: string;
}

interface PlaygroundRun {
  label: string;
  expected: "accepted" | "rejected" | null;
  asExpected: boolean;
  results: { verdict: string; message?: string; tests: TestResult[] };
}

type State =
  | { kind: "idle" }
  | { kind: "judging" }
  | { kind: "done"; runs: PlaygroundRun[] }
  | { kind: "failed"; message: string };

/** The playground's form: pick an exercise and a kind, paste code, judge it on the server. */
export function PlaygroundForm({
  exercises,
  initialExercise,
  typeDeclarations,
}: {
  exercises: PlaygroundExercise[];
  initialExercise: string;
  /** The sandbox's "judge" module, so the editor type-checks as the exercise page's does. */
  typeDeclarations: string;
}) {
  const [exerciseId, setExerciseId] = useState(initialExercise);
  const [kind, setKind] = useState<"solution" | "tests">("tests");
  const exercise = exercises.find((candidate) => candidate.id === exerciseId) ?? exercises[0]!;
  const [code, setCode] = useState(exercise.visibleTests);
  const [state, setState] = useState<State>({ kind: "idle" });

  function choose(nextExercise: PlaygroundExercise, nextKind: "solution" | "tests") {
    setExerciseId(nextExercise.id);
    setKind(nextKind);
    setCode(nextKind === "tests" ? nextExercise.visibleTests : nextExercise.starter);
    setState({ kind: "idle" });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: "judging" });
    try {
      const response = await fetch("/api/instructor/playground", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ exerciseId, kind, code }),
      });
      const body = (await response.json()) as { runs?: PlaygroundRun[] };
      if (!response.ok || !body.runs) {
        const problem = problemParts(body);
        const reasons = problem?.errors.map((e) => `${e.field ?? ""}: ${e.reason}`).join("; ");
        setState({
          kind: "failed",
          message: [problem?.title, problem?.detail, reasons].filter(Boolean).join(" — "),
        });
        return;
      }
      setState({ kind: "done", runs: body.runs });
    } catch {
      setState({ kind: "failed", message: "The server could not be reached." });
    }
  }

  return (
    <>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor="playground-exercise">Exercise</label>
          <select
            id="playground-exercise"
            value={exerciseId}
            onChange={(event) => {
              const next = exercises.find((candidate) => candidate.id === event.target.value);
              if (next) choose(next, kind);
            }}
          >
            {exercises.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.choices}>
          <legend>What are you trying?</legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === "tests"}
              onChange={() => choose(exercise, "tests")}
            />{" "}
            A test file
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === "solution"}
              onChange={() => choose(exercise, "solution")}
            />{" "}
            A solution
          </label>
        </fieldset>
        <div className={styles.field}>
          <p className={styles.editorLabel} id="playground-code-label">
            {kind === "tests" ? 'Tests (import from "judge" and "./solution")' : "Solution"}
          </p>
          <div data-testid="playground-editor">
            {/* Keyed by file: switching exercise or kind gives the editor its own model. */}
            <CodeEditor
              key={`${exercise.id}/${kind}`}
              value={code}
              onChange={setCode}
              path={`file:///playground/${exercise.id}/${kind === "tests" ? "tests" : "solution"}.ts`}
              label={kind === "tests" ? "Tests" : "Solution"}
              height="28rem"
              typeDeclarations={typeDeclarations}
              companionFiles={
                kind === "tests"
                  ? [
                      {
                        path: `file:///playground/${exercise.id}/solution.ts`,
                        value: exercise.starter,
                      },
                    ]
                  : undefined
              }
            />
          </div>
        </div>
        <button className={styles.button} type="submit" disabled={state.kind === "judging"}>
          {state.kind === "judging" ? "Judging…" : "Judge on the server"}
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === "failed" ? <p className={styles.bad}>{state.message}</p> : null}
        {state.kind === "done"
          ? state.runs.map((run) => <RunView key={run.label} run={run} />)
          : null}
      </div>
    </>
  );
}

function RunView({ run }: { run: PlaygroundRun }) {
  const { results } = run;
  return (
    <section className={styles.run} data-testid="playground-run">
      <h3>{run.label}</h3>
      <p>
        Verdict: <strong>{results.verdict}</strong>
        {run.expected ? (
          <span className={run.asExpected ? styles.good : styles.bad}>
            {" "}
            — {run.asExpected ? "as it should be" : `expected ${run.expected}`}
          </span>
        ) : null}
      </p>
      {results.message ? <p className={styles.message}>{results.message}</p> : null}
      <ul className={styles.tests}>
        {results.tests.map((test, index) => (
          <li key={`${test.name}-${index}`}>
            <span className={test.status === "pass" ? styles.good : styles.bad}>{test.status}</span>{" "}
            {test.name}
            {test.hidden ? ` (hidden${test.category ? `: ${test.category}` : ""})` : ""}
            {test.message ? <p className={styles.message}>{test.message}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
