import { tokenBucketLevelData } from "@/lib/figures/lesson-figures";
import { FigureFrame, fmt } from "./figure-frame";
import styles from "./figures.module.css";

const W = 420;
const H = 210;

/** The token bucket's level over time under the lesson's bursts of 15. */
export function TokenBucketFigure() {
  const { capacity, perSecond, endMs, samples, bursts } = tokenBucketLevelData();
  const left = 34;
  const base = 160;
  const x = (at: number) => left + (at / endMs) * (W - left - 14);
  const y = (tokens: number) => base - (tokens / capacity) * 120;
  const path = samples
    .map((s, i) => `${i === 0 ? "M" : "L"}${x(s.at).toFixed(1)},${y(s.tokens).toFixed(1)}`)
    .join(" ");
  return (
    <FigureFrame
      title="The token bucket's level under bursts"
      summary={`A bucket of ${fmt(capacity)} tokens refilled at ${fmt(perSecond)} per second. Bursts of ${fmt(bursts[0]!.offered)} requests arrive at ${bursts.map((b) => `${b.at / 1000} s`).join(", ")}: each admits as many as there are tokens (${bursts.map((b) => fmt(b.admitted)).join(", ")}), the level drops to zero and climbs back at the refill rate, never above ${fmt(capacity)}.`}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Burst at</th>
              <th scope="col">Tokens before</th>
              <th scope="col">Offered</th>
              <th scope="col">Admitted</th>
            </tr>
          </thead>
          <tbody>
            {bursts.map((b) => (
              <tr key={b.at}>
                <th scope="row">{b.at / 1000} s</th>
                <td>{b.before.toFixed(1)}</td>
                <td>{fmt(b.offered)}</td>
                <td>{fmt(b.admitted)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <line className={styles.capacity} x1={left} x2={W - 14} y1={y(capacity)} y2={y(capacity)} />
      <text className={styles.label} x={W - 14} y={y(capacity) - 6} textAnchor="end">
        capacity {fmt(capacity)}
      </text>
      <line className={styles.axis} x1={left} x2={W - 14} y1={base} y2={base} />
      <line className={styles.axis} x1={left} x2={left} y1={base} y2={y(capacity) - 10} />
      <path className={styles.level} d={path} />
      {bursts.map((b) => (
        <g key={b.at}>
          <line
            className={styles.boundary}
            x1={x(b.at)}
            x2={x(b.at)}
            y1={y(capacity) - 4}
            y2={base}
          />
          <text className={styles.value} x={x(b.at) + 4} y={base - 8} textAnchor="start">
            {fmt(b.admitted)} of {fmt(b.offered)}
          </text>
        </g>
      ))}
      {[0, 1, 2, 3, 4, 5].map((s) => (
        <text key={s} className={styles.tick} x={x(s * 1000)} y={base + 18}>
          {s} s
        </text>
      ))}
      {[0, capacity].map((t) => (
        <text key={t} className={styles.tick} x={left - 6} y={y(t) + 4} textAnchor="end">
          {t}
        </text>
      ))}
      <text className={styles.tick} x={left} y={H - 6} textAnchor="start">
        tokens in the bucket over time
      </text>
    </FigureFrame>
  );
}
