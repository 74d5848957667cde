import type { ResultsDocument, TestResult } from "@/lib/judge/results";
import { VERDICT_LABELS } from "@/lib/judge/verdict-labels";
import { ChartDetails } from "./chart-details";
import { TimelineChart } from "./timeline-chart";
import styles from "./results-panel.module.css";
import { formatNumber } from "@/lib/format/format-number";

const statusLabels: Record<TestResult["status"], string> = {
  pass: "passed",
  fail: "failed",
  error: "error",
};

const statusIcons: Record<TestResult["status"], string> = { pass: "✓", fail: "✗", error: "!" };

export interface ResultsPanelProps {
  results: ResultsDocument;
  /** Moves the editor's cursor to a compile error; absent when rendered without an editor. */
  onGoTo?: (line: number, column: number) => void;
}

/**
 * The results document as a learner reads it: the verdict first, then every test in file order.
 * Visible failures carry the judge's message (the trace and the first divergence) and a timeline;
 * hidden tests show only their name, status and category (and, when one threw, which error and
 * where), because that is all the document has.
 */
export function ResultsPanel({ results, onGoTo }: ResultsPanelProps) {
  const passed = results.tests.filter((t) => t.status === "pass").length;
  const firstChartable = results.tests.findIndex((t) => t.status !== "pass" && t.trace);
  const suite = results.mode === "submit" ? "Full suite" : "Visible tests";

  return (
    <section className={styles.panel} aria-labelledby="results-heading" data-testid="results">
      <header className={styles.header}>
        <h2 id="results-heading" className={styles.heading}>
          <span
            className={`${styles.verdict} ${results.verdict === "accepted" ? styles.ok : styles.bad}`}
            data-testid="verdict"
            data-verdict={results.verdict}
          >
            {VERDICT_LABELS[results.verdict]}
          </span>
        </h2>
        <p className={styles.meta}>
          {suite} · {passed} of {results.tests.length} tests passed
          {workLabel(results) && (
            <>
              {" · "}
              <span title={WORK_EXPLAINED} data-testid="work-used">
                {workLabel(results)}
              </span>
            </>
          )}
        </p>
      </header>

      {results.message && <p className={styles.message}>{results.message}</p>}
      {results.truncated && (
        <p className={styles.small} data-testid="results-truncated">
          These results were shortened to stay small: long messages, output or timelines were cut,
          and every test keeps its name and status.
        </p>
      )}
      {results.verdict === "time_limit_exceeded" && (
        <p className={styles.small} data-testid="work-explained">
          {WORK_EXPLAINED}
        </p>
      )}

      {results.compileErrors && results.compileErrors.length > 0 && (
        <ul className={styles.compileErrors} aria-label="Compile errors">
          {results.compileErrors.map((error, i) => (
            <li key={i}>
              {onGoTo ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => onGoTo(error.line, error.column)}
                >
                  line {error.line}, column {error.column}
                </button>
              ) : (
                <span>
                  line {error.line}, column {error.column}
                </span>
              )}
              : {error.message}
            </li>
          ))}
        </ul>
      )}

      {results.output && (
        <OutputBlock label="Output while loading your module" text={results.output} />
      )}

      {results.tests.length > 0 && (
        <ol className={styles.tests}>
          {results.tests.map((test, i) => (
            <TestItem key={i} test={test} chartOpen={i === firstChartable} />
          ))}
        </ol>
      )}

      {results.counterexample && (
        <section className={styles.counterexample} aria-labelledby="counterexample-heading">
          <h3 id="counterexample-heading" className={styles.subheading}>
            A random trace where yours and the reference disagree
          </h3>
          <p className={styles.small}>
            Found by {results.counterexample.test}
            {results.counterexample.shrinks !== undefined &&
              `, shrunk ${results.counterexample.shrinks} times`}
            .
          </p>
          <pre className={styles.code}>{results.counterexample.setup}</pre>
          <pre className={styles.pre}>{results.counterexample.message}</pre>
          <TimelineChart
            trace={results.counterexample.trace}
            title="Timeline of the shrunk counterexample"
          />
        </section>
      )}
    </section>
  );
}

/**
 * The judge limits tests in milliseconds of work (interpreter steps, the same on any machine), and
 * that is the only time the results speak of: the wall-clock time of judging depends on how busy
 * the machine was, so it would disagree with "stopped after 300 ms of work" for no reason.
 */
export const WORK_EXPLAINED =
  "Time in the judge is counted in milliseconds of work: steps of the interpreter, the same on every machine, so a verdict never depends on how busy the server is.";

export function workLabel(results: ResultsDocument): string | null {
  const steps = results.resources.steps;
  if (steps === undefined) return null;
  return `${formatNumber(steps)} ms of work`;
}

function TestItem({ test, chartOpen }: { test: TestResult; chartOpen: boolean }) {
  const statusClass =
    test.status === "pass" ? styles.pass : test.status === "fail" ? styles.fail : styles.error;
  return (
    <li className={styles.test} data-testid="test-result" data-status={test.status}>
      <div className={styles.testLine}>
        <span
          className={`${styles.icon} ${statusClass}`}
          role="img"
          aria-label={statusLabels[test.status]}
        >
          {statusIcons[test.status]}
        </span>
        <span className={styles.testName}>{test.name}</span>
        {test.hidden && <span className={styles.badge}>hidden</span>}
        {test.category && <span className={styles.category}>{test.category}</span>}
      </div>
      {test.message && <pre className={styles.pre}>{test.message}</pre>}
      {test.output && <OutputBlock label="Output" text={test.output} />}
      {test.trace && test.status !== "pass" && (
        <ChartDetails
          className={styles.chartDetails}
          trace={test.trace}
          title={`Timeline of “${test.name}”`}
          initiallyOpen={chartOpen}
        />
      )}
    </li>
  );
}

function OutputBlock({ label, text }: { label: string; text: string }) {
  return (
    <details className={styles.output}>
      <summary>{label}</summary>
      <pre className={styles.pre}>{text}</pre>
    </details>
  );
}
