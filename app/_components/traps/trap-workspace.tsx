"use client";

import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Markdown, renderInline } from "../cards/inline-markdown";
import { OutcomeView } from "./outcome-view";
import {
  fetchTrapProgress,
  postPrediction,
  type PredictionResponse,
  type TrapProgressView,
} from "./trap-client";
import buttons from "../buttons.module.css";
import styles from "./traps.module.css";
import { formatNumber } from "@/lib/format/format-number";

// The editor, the results panel and the timeline load when the learner presses "Fix it".
const TrapFix = dynamic(() => import("./trap-fix").then((module) => module.TrapFix), {
  ssr: false,
  loading: () => <p className={styles.hint}>Loading the editor…</p>,
});

export type PredictionForm =
  { kind: "choice"; choices: string[] } | { kind: "number"; unit?: string };

export interface TrapWorkspaceProps {
  course: string;
  lesson: string;
  id: string;
  letter: string;
  question: string;
  prediction: PredictionForm;
  snippet: string;
  /** The snippet, highlighted on the server. */
  snippetView: ReactNode;
  task: string;
  /** The README's body, rendered on the server; shown once the run is back. */
  explanation: ReactNode;
}

type Stage = "predict" | "running" | "revealed";

/**
 * One code trap: commit to a prediction, then the snippet runs in the sandbox against the trap's
 * scenario; the outcome appears beside the prediction, then the explanation, then "Fix it".
 */
export function TrapWorkspace(props: TrapWorkspaceProps) {
  const { course, lesson, id, letter, question, prediction, snippetView, explanation } = props;
  const [stage, setStage] = useState<Stage>("predict");
  const [choice, setChoice] = useState<number | null>(null);
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PredictionResponse | null>(null);
  const [progress, setProgress] = useState<TrapProgressView | null>(null);
  const [fixing, setFixing] = useState(false);
  const [fixed, setFixed] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const formId = useId();

  useEffect(() => {
    let live = true;
    void fetchTrapProgress(course, lesson).then((traps) => {
      if (!live) return;
      const mine = traps[id] ?? null;
      setProgress(mine);
      if (mine?.fixed) setFixed(true);
    });
    return () => {
      live = false;
    };
  }, [course, lesson, id]);

  const answer =
    prediction.kind === "choice" ? choice : number.trim() === "" ? null : Number(number.trim());
  const answerValid = answer !== null && Number.isFinite(answer);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!answerValid || stage === "running") {
      setError(prediction.kind === "choice" ? "Pick one answer first." : "Type a number first.");
      return;
    }
    setError(null);
    setStage("running");
    const outcome = await postPrediction(course, lesson, id, answer);
    if (!outcome.ok) {
      setError(outcome.message);
      setStage("predict");
      return;
    }
    setResult(outcome.value);
    setStage("revealed");
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  function retry() {
    setStage("predict");
    setResult(null);
    setChoice(null);
    setNumber("");
  }

  const shown = (value: number) =>
    prediction.kind === "choice"
      ? (prediction.choices[value] ?? String(value))
      : formatNumber(value);

  return (
    <section
      className={styles.trap}
      aria-label={`Trap ${letter}`}
      data-testid="trap"
      data-trap={id}
    >
      {snippetView}

      {(progress?.firstPrediction || fixed) && stage === "predict" && (
        <p className={styles.history} data-testid="trap-history">
          {progress?.firstPrediction &&
            `Your first prediction here was ${progress.firstPrediction.correct ? "right" : "wrong"}. `}
          {fixed ? "You have fixed this trap." : "Predict again whenever you like."}
        </p>
      )}

      <form
        className={styles.predict}
        onSubmit={(event) => void submit(event)}
        aria-describedby={`${formId}-q`}
      >
        <div id={`${formId}-q`} className={styles.question}>
          <p className={styles.eyebrow}>Predict before you run</p>
          <Markdown text={question} />
        </div>
        {prediction.kind === "choice" ? (
          <fieldset className={styles.choices} disabled={stage !== "predict"}>
            <legend className={styles.legend}>Your prediction</legend>
            {prediction.choices.map((text, index) => (
              <label key={index} className={styles.choice} data-chosen={choice === index}>
                <input
                  type="radio"
                  name={`${formId}-choice`}
                  checked={choice === index}
                  onChange={() => setChoice(index)}
                />
                <span>{renderInline(text)}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <label className={styles.numberField}>
            <span className={styles.legend}>Your prediction</span>
            <span className={styles.numberRow}>
              <input
                className={styles.numberInput}
                type="number"
                inputMode="decimal"
                value={number}
                onChange={(event) => setNumber(event.target.value)}
                disabled={stage !== "predict"}
              />
              {prediction.unit && <span className={styles.unit}>{prediction.unit}</span>}
            </span>
          </label>
        )}
        {stage !== "revealed" && (
          <div className={styles.actions}>
            <button type="submit" className={buttons.primary} disabled={stage === "running"}>
              {stage === "running" ? "Running in the sandbox…" : "Lock in and run"}
            </button>
            <span className={styles.hint}>Nothing runs until you commit to an answer.</span>
          </div>
        )}
        {error && (
          <p className={styles.problem} role="alert">
            {error}
          </p>
        )}
      </form>

      {result && stage === "revealed" && (
        <div ref={resultRef} tabIndex={-1} className={styles.result} data-testid="trap-result">
          <div className={styles.compare}>
            <div className={styles.compareCell}>
              <span className={styles.compareLabel}>You predicted</span>
              <span className={styles.compareValue} data-testid="predicted">
                {shown(result.answer)}
              </span>
            </div>
            <div className={styles.compareCell}>
              <span className={styles.compareLabel}>The run shows</span>
              <span className={styles.compareValue} data-testid="observed">
                {result.run.outcome ? shown(result.run.outcome.answer) : "—"}
              </span>
            </div>
          </div>
          <p
            className={result.correct ? styles.right : styles.wrong}
            role="status"
            data-testid="prediction-verdict"
            data-correct={result.correct}
          >
            {result.correct ? (
              <strong>Right. </strong>
            ) : (
              <>
                <strong>Not this time.</strong> The answer is {shown(result.expected)}. Nothing
                lost: this trap is now a card in your <a href="/review">review queue</a>.
              </>
            )}
            {result.correct && "You saw it coming."}
          </p>
          <OutcomeView run={result.run} caption="The snippet, run against the scenario" />
          <div className={styles.explanation}>{explanation}</div>
          <div className={styles.actions}>
            {!fixing && (
              <button type="button" className={buttons.primary} onClick={() => setFixing(true)}>
                Fix it
              </button>
            )}
            <button type="button" className={buttons.secondary} onClick={retry}>
              Predict again
            </button>
          </div>
        </div>
      )}

      {fixing && <TrapFix {...props} onAccepted={() => setFixed(true)} />}
    </section>
  );
}
