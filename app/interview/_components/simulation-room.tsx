"use client";

import { useEffect, useRef, useState } from "react";
import { LocalTime } from "@/app/_components/cards/local-time";
import { formatClock } from "@/lib/interview/countdown";
import { describeScore } from "@/lib/interview/scoring";
import { phaseClock } from "@/lib/interview/simulation";
import { DrawingCanvas } from "./drawing-canvas";
import { postAttempt, type AttemptJson } from "./interview-client";
import { RubricChecklist } from "./rubric-checklist";
import { browserClock } from "./browser-clock";
import buttons from "@/app/_components/buttons.module.css";
import styles from "./interview.module.css";

export interface SimulationPhase {
  id: string;
  title: string;
  minutes: number;
  prompts: string[];
  canvas: boolean;
  rubric: { id: string; point: string }[];
}

interface Props {
  course: string;
  lesson: string;
  prompt: string;
  phases: SimulationPhase[];
  attempts: AttemptJson[];
}

type Stage = "setup" | "running" | "scoring" | "saved";

/** The full round: phases against their budgets, notes, a canvas, then a scorecard per phase. */
export function SimulationRoom({ course, lesson, prompt, phases, attempts }: Props) {
  const [stage, setStage] = useState<Stage>("setup");
  const [current, setCurrent] = useState(0);
  const [enteredAt, setEnteredAt] = useState(0);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const [used, setUsed] = useState<Record<string, number>>({});
  const [notes, setNotes] = useState("");
  const [drawing, setDrawing] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Record<string, Set<string>>>({});
  const [history, setHistory] = useState(attempts);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const totalMs = phases.reduce((sum, phase) => sum + phase.minutes * 60_000, 0);

  useEffect(() => {
    if (stage !== "running") return;
    const timer = window.setInterval(() => setNow(browserClock.now()), 500);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("beforeunload", warn);
    };
  }, [stage]);

  useEffect(() => {
    heading.current?.focus();
  }, [stage, current]);

  function leavePhase(at: number): Record<string, number> {
    const phase = phases[current]!;
    const next = { ...used, [phase.id]: (used[phase.id] ?? 0) + Math.max(0, at - enteredAt) };
    setUsed(next);
    return next;
  }

  function start() {
    const at = browserClock.now();
    setStartedAt(at);
    setEnteredAt(at);
    setNow(at);
    setCurrent(0);
    setUsed({});
    setTicked({});
    setMessage(null);
    setStage("running");
  }

  function go(index: number) {
    const at = browserClock.now();
    leavePhase(at);
    setCurrent(index);
    setEnteredAt(at);
    setNow(at);
  }

  function end() {
    leavePhase(browserClock.now());
    setStage("scoring");
  }

  async function save() {
    setSaving(true);
    const outcome = await postAttempt(
      { course, lesson },
      {
        kind: "simulation",
        phases: phases.map((phase) => ({
          id: phase.id,
          said: [...(ticked[phase.id] ?? [])],
          timeUsedMs: Math.round(used[phase.id] ?? 0),
        })),
        notes,
        drawing,
      },
    );
    setSaving(false);
    if (!outcome.ok) {
      setMessage(outcome.message);
      return;
    }
    setHistory((list) => [outcome.attempt, ...list]);
    setMessage(`Saved: ${describeScore(outcome.attempt.score, outcome.attempt.total)}.`);
    setStage("saved");
  }

  const phase = phases[current]!;
  const clock = phaseClock(phase.minutes * 60_000, enteredAt, now);
  const roundLeft = totalMs - Math.max(0, now - startedAt);

  return (
    <div className={styles.room}>
      {stage === "setup" || stage === "saved" ? (
        <section className={styles.panel} aria-labelledby="round-brief">
          <h2 id="round-brief" ref={stage === "setup" ? heading : undefined} tabIndex={-1}>
            The brief
          </h2>
          <p className={styles.prompt}>{prompt}</p>
          <ol className={styles.order}>
            {phases.map((p) => (
              <li key={p.id}>
                {p.title} — {p.minutes} min
              </li>
            ))}
          </ol>
          {message ? (
            <p role="status" data-testid="simulation-status">
              {message}
            </p>
          ) : null}
          <button type="button" className={buttons.primary} onClick={start}>
            {stage === "saved" ? "Run another round" : "Start the round"}
          </button>
        </section>
      ) : null}

      {stage === "running" ? (
        <section className={styles.panel} aria-labelledby="phase-title">
          <nav aria-label="Phases">
            <ol className={styles.phases}>
              {phases.map((p, index) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={index === current ? buttons.primary : buttons.secondary}
                    aria-current={index === current ? "step" : undefined}
                    onClick={() => index !== current && go(index)}
                  >
                    {p.title} ({p.minutes} min)
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <div className={styles.clocks}>
            <p data-testid="phase-clock" data-over={clock.overBudget}>
              {clock.overBudget
                ? `${formatClock(-clock.remainingMs)} over this phase's budget`
                : `${formatClock(clock.remainingMs)} left in this phase`}
            </p>
            <p className={styles.hint}>
              {roundLeft >= 0
                ? `${formatClock(roundLeft)} left in the round`
                : "The round is over time"}
            </p>
          </div>
          <h2 id="phase-title" ref={heading} tabIndex={-1} data-testid="phase-title">
            {phase.title}
          </h2>
          <ul className={styles.prompts}>
            {phase.prompts.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {phase.canvas ? <DrawingCanvas initial={drawing} onChange={setDrawing} /> : null}
          <label className={styles.field}>
            Notes (kept for the whole round)
            <textarea
              className={styles.textarea}
              value={notes}
              rows={8}
              onChange={(event) => setNotes(event.target.value)}
            />
          </label>
          <div className={styles.actions}>
            {current + 1 < phases.length ? (
              <button type="button" className={buttons.primary} onClick={() => go(current + 1)}>
                Next: {phases[current + 1]!.title}
              </button>
            ) : null}
            <button type="button" className={buttons.secondary} onClick={end}>
              End the round and score it
            </button>
          </div>
        </section>
      ) : null}

      {stage === "scoring" ? (
        <section className={styles.panel} aria-labelledby="scorecard">
          <h2 id="scorecard" ref={heading} tabIndex={-1}>
            Score each phase
          </h2>
          <p className={styles.hint}>
            Tick what you covered. Your notes and drawing are saved with it.
          </p>
          {phases.map((p) => (
            <RubricChecklist
              key={p.id}
              legend={`${p.title} (${formatClock(used[p.id] ?? 0)} of ${p.minutes}:00)`}
              name={`phase-${p.id}`}
              points={p.rubric}
              checked={ticked[p.id] ?? new Set()}
              onChange={(next) => setTicked((all) => ({ ...all, [p.id]: next }))}
            />
          ))}
          {message ? (
            <p className={styles.error} role="alert">
              {message}
            </p>
          ) : null}
          <button
            type="button"
            className={buttons.primary}
            disabled={saving}
            onClick={() => void save()}
          >
            {saving ? "Saving…" : "Save the scorecard"}
          </button>
        </section>
      ) : null}

      <PhaseComparison phases={phases} attempts={history} />
    </div>
  );
}

interface SavedRound {
  id: string;
  notes: string;
  drawing: string | null;
}

/** Past rounds side by side, phase by phase (newest first, at most six), each reopenable. */
function PhaseComparison({
  phases,
  attempts,
}: {
  phases: SimulationPhase[];
  attempts: AttemptJson[];
}) {
  const shown = attempts.slice(0, 6);
  const [open, setOpen] = useState<SavedRound | null>(null);
  const [error, setError] = useState<string | null>(null);
  const openHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (open) openHeading.current?.focus();
  }, [open]);

  async function reopen(id: string) {
    setError(null);
    try {
      const response = await fetch(`/api/interview/attempts/${id}`, {
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setOpen((await response.json()) as SavedRound);
    } catch (caught) {
      setError(
        `That round could not be opened (${caught instanceof Error ? caught.message : "error"}).`,
      );
    }
  }
  return (
    <section className={styles.attempts} aria-labelledby="past-rounds">
      <h2 id="past-rounds">Your past rounds</h2>
      {shown.length === 0 ? (
        <p className={styles.hint} data-testid="no-attempts">
          No rounds yet. Each saved scorecard appears here, phase by phase.
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="round-comparison">
            <caption className="sr-only">Rubric points covered per phase in each round</caption>
            <thead>
              <tr>
                <th scope="col">Phase</th>
                {shown.map((attempt) => (
                  <th scope="col" key={attempt.id}>
                    <LocalTime value={attempt.createdAt} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {phases.map((phase) => (
                <tr key={phase.id}>
                  <th scope="row">{phase.title}</th>
                  {shown.map((attempt) => {
                    const part = attempt.parts.find((p) => p.id === phase.id);
                    return (
                      <td key={attempt.id}>{part ? describeScore(part.score, part.total) : "—"}</td>
                    );
                  })}
                </tr>
              ))}
              <tr>
                <th scope="row">Total</th>
                {shown.map((attempt) => (
                  <td key={attempt.id} data-testid="round-total">
                    {describeScore(attempt.score, attempt.total)}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">Notes and drawing</th>
                {shown.map((attempt, index) => (
                  <td key={attempt.id}>
                    <button
                      type="button"
                      className={buttons.secondary}
                      onClick={() => void reopen(attempt.id)}
                    >
                      Open <span className="sr-only">round {shown.length - index}</span>
                    </button>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <div className={styles.saved} data-testid="saved-round">
          <h3 ref={openHeading} tabIndex={-1}>
            That round&rsquo;s notes and drawing
          </h3>
          {open.notes ? (
            <p className={styles.typed} data-testid="saved-notes">
              {open.notes}
            </p>
          ) : (
            <p className={styles.hint}>No notes.</p>
          )}
          {open.drawing ? (
            <DrawingCanvas key={open.id} initial={open.drawing} />
          ) : (
            <p className={styles.hint}>No drawing.</p>
          )}
          <button type="button" className={buttons.secondary} onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      ) : null}
    </section>
  );
}
