import type { LessonInterview } from "@/lib/interview/load-interview";
import type { InterviewKind } from "@/lib/interview/attempt-schemas";
import type { InterviewFigures } from "@/lib/interview/instructor-figures";
import styles from "./instructor.module.css";

// The mock-interview tables of a lesson's dashboard: attempts per mode, and the rubric points
// learners tick least often (decision 170).

const percents = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 0 });
const modeNames: Record<InterviewKind, string> = {
  drill: "Timed answer",
  "follow-ups": "Follow-ups",
  simulation: "Full round",
};

function pointText(interview: LessonInterview, kind: InterviewKind, part: string, point: string) {
  const points =
    kind === "drill"
      ? interview.drill.points
      : kind === "follow-ups"
        ? interview.followUps?.questions.find((q) => q.card === part)?.points
        : interview.simulation?.phases.find((p) => p.id === part)?.rubric;
  return points?.find((p) => p.id === point)?.point ?? point;
}

function partText(interview: LessonInterview, kind: InterviewKind, part: string) {
  if (kind === "drill") return interview.drill.prompt;
  if (kind === "follow-ups") return interview.cards[part]?.prompt ?? part;
  return interview.simulation?.phases.find((p) => p.id === part)?.title ?? part;
}

export function InterviewFiguresTables({
  figures,
  interview,
}: {
  figures: InterviewFigures;
  interview: LessonInterview;
}) {
  return (
    <>
      <section
        className={styles.tableSection}
        aria-labelledby="table-interviews"
        data-table="interviews"
      >
        <h2 id="table-interviews">Mock interviews</h2>
        <p className={styles.note}>
          Saved attempts per mode, the learners who made them, and the mean share of rubric points
          they ticked.
        </p>
        <div
          className={styles.scroll}
          tabIndex={0}
          role="region"
          aria-labelledby="table-interviews"
        >
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Mode</th>
                <th scope="col" className={styles.numeric}>
                  Attempts
                </th>
                <th scope="col" className={styles.numeric}>
                  Learners
                </th>
                <th scope="col" className={styles.numeric}>
                  Mean score
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.kinds.map((row) => (
                <tr key={row.kind}>
                  <th scope="row">{modeNames[row.kind]}</th>
                  <td className={styles.numeric}>{row.attempts}</td>
                  <td className={styles.numeric}>{row.learners}</td>
                  <td className={styles.numeric}>
                    {row.meanScore === null ? "—" : percents.format(row.meanScore)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section
        className={styles.tableSection}
        aria-labelledby="table-weak-points"
        data-table="weak-points"
      >
        <h2 id="table-weak-points">Weakest rubric points</h2>
        <p className={styles.note}>
          The points learners say least often, across every saved attempt: what the lesson should
          make easier to remember.
        </p>
        {figures.weakest.length === 0 ? (
          <p className={styles.note}>No attempts yet.</p>
        ) : (
          <div
            className={styles.scroll}
            tabIndex={0}
            role="region"
            aria-labelledby="table-weak-points"
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Mode</th>
                  <th scope="col">Question or phase</th>
                  <th scope="col">Point</th>
                  <th scope="col" className={styles.numeric}>
                    Said
                  </th>
                  <th scope="col" className={styles.numeric}>
                    Learners
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.weakest.map((row) => (
                  <tr key={`${row.kind}/${row.part}/${row.point}`}>
                    <td>{modeNames[row.kind]}</td>
                    <td>{partText(interview, row.kind, row.part)}</td>
                    <td>{pointText(interview, row.kind, row.part, row.point)}</td>
                    <td className={styles.numeric}>
                      {row.said} of {row.asked} ({percents.format(row.rate)})
                    </td>
                    <td className={styles.numeric}>{row.learners}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
