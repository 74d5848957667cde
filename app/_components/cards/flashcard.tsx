"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { autoGrade, parseNumberAnswer, type AutoGradeResult } from "@/lib/review/auto-grade";
import { describeInterval, RATINGS, ratingLabels, type ReviewRating } from "@/lib/review/ratings";
import { postGrade } from "./card-client";
import type { FlashcardData, GradedCard } from "./card-types";
import { Markdown } from "./inline-markdown";
import buttons from "../buttons.module.css";
import styles from "./cards.module.css";

export interface FlashcardProps {
  card: FlashcardData;
  /** Show the card's prompt (the Review page); a lesson already has the question above the card. */
  showPrompt?: boolean;
  /** The model answer as the lesson renders it (MDX, with its computed figures); else cards.yaml's. */
  modelAnswer?: ReactNode;
  /** Called once the grade is saved. */
  onGraded?: (graded: GradedCard, rating: ReviewRating) => void;
  /** Focus the card when it appears, so Space and 1–4 work at once (the Review page). */
  autoFocus?: boolean;
  /** Label of the card as a region: "Card 3 of 12". */
  label?: string;
}

type Stage = "answering" | "revealed" | "graded";

/**
 * One card: write an answer (or pick one, for an auto-graded card), reveal the model answer, grade
 * yourself Again / Hard / Good / Easy. Keyboard: Space reveals, 1–4 grade, Enter goes to the answer
 * box, Ctrl+Enter (⌘+Enter) reveals from it, Escape leaves it.
 */
export function Flashcard({
  card,
  showPrompt = false,
  modelAnswer,
  onGraded,
  autoFocus = false,
  label,
}: FlashcardProps) {
  const [stage, setStage] = useState<Stage>("answering");
  const [text, setText] = useState("");
  const [choice, setChoice] = useState<number | null>(null);
  const [check, setCheck] = useState<AutoGradeResult | null>(null);
  const [inputProblem, setInputProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [graded, setGraded] = useState<{ due: Date; at: Date; rating: ReviewRating } | null>(null);
  const root = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const id = useId();
  const grade = card.grade;

  useEffect(() => {
    if (autoFocus) root.current?.focus();
  }, [autoFocus]);

  function reveal() {
    if (stage !== "answering") return;
    if (grade) {
      const response = grade.kind === "choice" ? choice : parseNumberAnswer(text);
      if (response === null) {
        setInputProblem(grade.kind === "choice" ? "Pick an answer first." : "Type a number first.");
        return;
      }
      setCheck(autoGrade(grade, response));
    }
    setInputProblem(null);
    setStage("revealed");
    root.current?.focus();
  }

  async function gradeWith(rating: ReviewRating) {
    if (stage !== "revealed" || saving) return;
    setSaving(true);
    setSaveError(null);
    const outcome = await postGrade(
      { course: card.course, lesson: card.lesson, card: card.id },
      rating,
    );
    setSaving(false);
    if (!outcome.ok) {
      setSaveError(outcome.message);
      return;
    }
    setGraded({ due: new Date(outcome.graded.due), at: new Date(), rating });
    setStage("graded");
    onGraded?.(outcome.graded, rating);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const typing =
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== "radio");
    if (typing) {
      if (
        event.key === "Enter" &&
        (event.ctrlKey || event.metaKey || target instanceof HTMLInputElement)
      ) {
        event.preventDefault();
        reveal();
      } else if (event.key === "Escape") {
        event.preventDefault();
        root.current?.focus();
      }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === " " && stage === "answering" && !(target instanceof HTMLInputElement)) {
      event.preventDefault();
      reveal();
    } else if (event.key === "Enter" && stage === "answering" && target === root.current) {
      event.preventDefault();
      input.current?.focus();
    } else if (stage === "revealed" && /^[1-4]$/.test(event.key)) {
      event.preventDefault();
      void gradeWith(Number(event.key) as ReviewRating);
    }
  }

  const promptId = `${id}-prompt`;
  return (
    <section
      ref={root}
      className={styles.card}
      tabIndex={-1}
      aria-label={label ?? "Check yourself"}
      aria-describedby={showPrompt ? promptId : undefined}
      onKeyDown={onKeyDown}
      data-testid="flashcard"
      data-card={card.id}
      data-stage={stage}
    >
      {showPrompt && (
        <div id={promptId} className={styles.prompt}>
          <Markdown text={card.prompt} />
        </div>
      )}

      {grade?.kind === "choice" ? (
        <fieldset className={styles.choices} disabled={stage !== "answering"}>
          <legend className={styles.legend}>Your answer</legend>
          {grade.choices.map((text, index) => (
            <label key={index} className={styles.choice} data-chosen={choice === index}>
              <input
                type="radio"
                name={`${id}-choice`}
                value={index}
                checked={choice === index}
                onChange={() => setChoice(index)}
              />
              <span>{text}</span>
            </label>
          ))}
        </fieldset>
      ) : grade?.kind === "number" ? (
        <label className={styles.field}>
          <span className={styles.legend}>Your answer (a number)</span>
          <input
            ref={input}
            className={styles.numberInput}
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            readOnly={stage !== "answering"}
            autoComplete="off"
          />
        </label>
      ) : (
        <label className={styles.field}>
          <span className={styles.legend}>Your answer</span>
          <textarea
            ref={input}
            className={styles.textarea}
            value={text}
            onChange={(event) => setText(event.target.value)}
            readOnly={stage !== "answering"}
            rows={4}
            placeholder="Write it in your own words before you look."
          />
        </label>
      )}

      {stage === "answering" ? (
        <div className={styles.actions}>
          <button type="button" className={buttons.primary} onClick={reveal}>
            {grade ? "Check" : "Reveal the model answer"}
          </button>
          <span className={styles.keys} aria-hidden="true">
            Space · Ctrl+Enter
          </span>
          {inputProblem && (
            <span className={styles.problem} role="alert">
              {inputProblem}
            </span>
          )}
        </div>
      ) : (
        <div className={styles.revealed}>
          {check && (
            <p
              className={check.correct ? styles.right : styles.wrong}
              role="status"
              data-testid="auto-grade"
              data-correct={check.correct}
            >
              <strong>{check.correct ? "Right." : "Not quite."}</strong>{" "}
              {check.correct ? null : (
                <>
                  The answer is <strong>{check.expected}</strong>.{" "}
                </>
              )}
              {check.explanation}
            </p>
          )}
          {!grade && text.trim() === "" && (
            <p className={styles.muted}>You did not write an answer; next time, try first.</p>
          )}
          <div className={styles.model} data-testid="model-answer">
            <p className={styles.modelLabel}>Model answer</p>
            {modelAnswer ?? <Markdown text={card.answer} />}
          </div>
          {stage === "revealed" ? (
            <div className={styles.grades} role="group" aria-label="How well did you know it?">
              {RATINGS.map((rating) => (
                <button
                  key={rating}
                  type="button"
                  className={`${styles.grade} ${check?.suggested === rating ? styles.suggested : ""}`}
                  onClick={() => void gradeWith(rating)}
                  disabled={saving}
                  aria-keyshortcuts={String(rating)}
                >
                  <span className={styles.gradeKey} aria-hidden="true">
                    {rating}
                  </span>
                  {ratingLabels[rating]}
                </button>
              ))}
            </div>
          ) : (
            graded && (
              <p className={styles.saved} role="status" data-testid="graded">
                Graded {ratingLabels[graded.rating]}. Next review{" "}
                {describeInterval(graded.due, graded.at) === "now"
                  ? "right away"
                  : `in ${describeInterval(graded.due, graded.at)}`}
                .
              </p>
            )
          )}
          {saveError && (
            <p className={styles.problem} role="alert">
              {saveError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
