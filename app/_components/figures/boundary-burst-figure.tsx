import { boundaryBurstData } from "@/lib/figures/lesson-figures";
import { FigureFrame, fmt } from "./figure-frame";
import styles from "./figures.module.css";

const W = 420;
const H = 200;

/** The fixed window's boundary burst on a timeline: two bursts one second apart, both admitted. */
export function BoundaryBurstFigure() {
  const { limit, windowMs, bursts } = boundaryBurstData();
  const from = 50_000;
  const to = 70_000;
  const x = (at: number) => 30 + ((at - from) / (to - from)) * (W - 60);
  const base = 150;
  const scale = 100 / limit;
  const boundary = x(windowMs);
  const inOneSecond = bursts.reduce((sum, b) => sum + b.fixed, 0);
  return (
    <FigureFrame
      title="The fixed window's boundary burst"
      summary={`A limit of ${fmt(limit)} per minute. ${fmt(bursts[0]!.fixed)} requests admitted at ${bursts[0]!.at / 1000} s and ${fmt(bursts[1]!.fixed)} more at ${bursts[1]!.at / 1000} s, because the counter resets at the minute: ${fmt(inOneSecond)} in one second. A sliding log refuses the second burst (${fmt(bursts[1]!.log)} admitted).`}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Offered</th>
              <th scope="col">Fixed window admits</th>
              <th scope="col">Sliding log admits</th>
            </tr>
          </thead>
          <tbody>
            {bursts.map((b) => (
              <tr key={b.at}>
                <th scope="row">{b.at / 1000} s</th>
                <td>{fmt(b.offered)}</td>
                <td>{fmt(b.fixed)}</td>
                <td>{fmt(b.log)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <rect
        className={styles.windowA}
        x={x(from)}
        y={20}
        width={boundary - x(from)}
        height={base - 20}
      />
      <rect
        className={styles.windowB}
        x={boundary}
        y={20}
        width={x(to) - boundary}
        height={base - 20}
      />
      <text className={styles.label} x={x(from) + 6} y={36} textAnchor="start">
        minute 1
      </text>
      <text className={styles.label} x={boundary + 6} y={36} textAnchor="start">
        minute 2: counter back to 0
      </text>
      <line className={styles.axis} x1={x(from)} x2={x(to)} y1={base} y2={base} />
      <line className={styles.boundary} x1={boundary} x2={boundary} y1={14} y2={base + 6} />
      {bursts.map((b, i) => (
        <g key={b.at}>
          <rect
            className={styles.admitted}
            x={x(b.at) - (i === 0 ? 16 : 0)}
            y={base - b.fixed * scale}
            width={16}
            height={b.fixed * scale}
          />
          <text
            className={styles.value}
            x={x(b.at) + (i === 0 ? -8 : 8)}
            y={base - b.fixed * scale - 6}
          >
            {fmt(b.fixed)}
          </text>
        </g>
      ))}
      {[50, 55, 60, 65, 70].map((s) => (
        <text key={s} className={styles.tick} x={x(s * 1000)} y={base + 20}>
          {s} s
        </text>
      ))}
      <text className={styles.emphasis} x={W / 2} y={H - 8}>
        {fmt(inOneSecond)} admitted within one second; the limit says {fmt(limit)} per minute
      </text>
    </FigureFrame>
  );
}
