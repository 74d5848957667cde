import { slidingWeightData } from "@/lib/figures/lesson-figures";
import { FigureFrame, fmt } from "./figure-frame";
import styles from "./figures.module.css";

const W = 420;
const H = 190;

/** The sliding counter's weighting of the previous window. */
export function SlidingWeightFigure() {
  const { limit, windowMs, elapsedMs, previous, weight, admittedNow } = slidingWeightData();
  const left = 20;
  const span = W - 40;
  const x = (at: number) => left + (at / (2 * windowMs)) * span;
  const now = windowMs + elapsedMs;
  const percent = Math.round(weight * 100);
  const counted = previous * weight;
  return (
    <FigureFrame
      title="How the sliding counter weighs the previous window"
      summary={`${elapsedMs / 1000} s into a window, the last ${windowMs / 1000} s overlap ${percent}% of the previous window, so its ${fmt(previous)} requests count as ${fmt(counted)}. With a limit of ${fmt(limit)}, ${fmt(admittedNow)} more are admitted now.`}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table>
          <tbody>
            <tr>
              <th scope="row">Previous window&apos;s count</th>
              <td>{fmt(previous)}</td>
            </tr>
            <tr>
              <th scope="row">Time into the current window</th>
              <td>
                {elapsedMs / 1000} s of {windowMs / 1000} s
              </td>
            </tr>
            <tr>
              <th scope="row">Weight of the previous window</th>
              <td>{percent}%</td>
            </tr>
            <tr>
              <th scope="row">Estimate before this burst</th>
              <td>{fmt(counted)}</td>
            </tr>
            <tr>
              <th scope="row">Admitted of a burst of {fmt(limit)}</th>
              <td>{fmt(admittedNow)}</td>
            </tr>
          </tbody>
        </table>
      }
    >
      <rect className={styles.windowA} x={x(0)} y={40} width={x(windowMs) - x(0)} height={70} />
      <rect
        className={styles.windowB}
        x={x(windowMs)}
        y={40}
        width={x(2 * windowMs) - x(windowMs)}
        height={70}
      />
      <rect
        className={styles.weighted}
        x={x(elapsedMs)}
        y={40}
        width={x(windowMs) - x(elapsedMs)}
        height={70}
      />
      <text className={styles.label} x={x(0) + 6} y={56} textAnchor="start">
        previous: {fmt(previous)}
      </text>
      <text className={styles.label} x={x(windowMs) + 6} y={56} textAnchor="start">
        current
      </text>
      <text className={styles.value} x={(x(elapsedMs) + x(windowMs)) / 2} y={96}>
        {percent}% × {fmt(previous)} = {fmt(counted)}
      </text>
      <rect
        className={styles.slidingWindow}
        x={x(elapsedMs)}
        y={28}
        width={x(now) - x(elapsedMs)}
        height={94}
      />
      <text className={styles.emphasis} x={(x(elapsedMs) + x(now)) / 2} y={22}>
        the last {windowMs / 1000} s
      </text>
      <line className={styles.boundary} x1={x(now)} x2={x(now)} y1={28} y2={128} />
      <text className={styles.value} x={x(now)} y={142}>
        now: {fmt(admittedNow)} admitted
      </text>
      {[0, 60, 120].map((s) => (
        <text key={s} className={styles.tick} x={x(s * 1000)} y={H - 14}>
          {s} s
        </text>
      ))}
    </FigureFrame>
  );
}
