"use client";

import styles from "./interview.module.css";

export interface ChecklistPoint {
  id: string;
  point: string;
}

/** The rubric as checkboxes: the learner ticks each point they made. */
export function RubricChecklist({
  legend,
  points,
  checked,
  onChange,
  name,
}: {
  legend: string;
  points: readonly ChecklistPoint[];
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  name: string;
}) {
  return (
    <fieldset className={styles.rubric} data-testid="rubric">
      <legend>{legend}</legend>
      <ul>
        {points.map((point) => {
          const id = `${name}-${point.id}`;
          return (
            <li key={point.id}>
              <input
                type="checkbox"
                id={id}
                checked={checked.has(point.id)}
                onChange={(event) => {
                  const next = new Set(checked);
                  if (event.target.checked) next.add(point.id);
                  else next.delete(point.id);
                  onChange(next);
                }}
              />{" "}
              <label htmlFor={id}>{point.point}</label>
            </li>
          );
        })}
      </ul>
      <p className={styles.score} aria-live="polite" data-testid="rubric-score">
        {checked.size} of {points.length}
      </p>
    </fieldset>
  );
}
