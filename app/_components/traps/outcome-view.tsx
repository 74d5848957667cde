import type { ScenarioView } from "./trap-client";
import styles from "./traps.module.css";
import { formatNumber } from "@/lib/format/format-number";

/** What the scenario showed: its sentence, its figures, its table, and anything the code printed. */
export function OutcomeView({ run, caption }: { run: ScenarioView; caption: string }) {
  const { outcome } = run;
  return (
    <figure className={styles.outcome} data-testid="scenario-outcome">
      <figcaption className={styles.outcomeCaption}>{caption}</figcaption>
      {outcome ? (
        <>
          <p className={styles.summary}>{outcome.summary}</p>
          {outcome.facts.length > 0 && (
            <dl className={styles.facts}>
              {outcome.facts.map((fact) => (
                <div key={fact.label} className={styles.fact}>
                  <dt>{fact.label}</dt>
                  <dd>{typeof fact.value === "number" ? formatNumber(fact.value) : fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {outcome.table && (
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Step by step">
              <table className={styles.table}>
                <thead>
                  <tr>
                    {outcome.table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {outcome.table.rows.map((row, i) => (
                    <tr key={i}>
                      {row.map((cell, j) => (
                        <td key={j}>{typeof cell === "number" ? formatNumber(cell) : cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : (
        <p className={styles.problem} role="alert">
          The scenario did not finish: {run.problem ?? "no outcome"}
        </p>
      )}
      {run.output && (
        <details className={styles.output}>
          <summary>Console output</summary>
          <pre>{run.output}</pre>
        </details>
      )}
    </figure>
  );
}
