import type { LabOutcome } from "@/lib/simulation/lab";
import styles from "./cluster-lab.module.css";
import { formatNumber } from "@/lib/format/format-number";

const W = 640;
const H = 220;
const PAD = { left: 48, right: 16, top: 14, bottom: 32 };

/** Admitted so far over the simulated minute, in total and per instance, against the limit. */
export function LabChart({ outcome, minuteMs }: { outcome: LabOutcome; minuteMs: number }) {
  const top = Math.max(outcome.allowed, outcome.limit, 1) * 1.1;
  const x = (at: number) => PAD.left + (at / minuteMs) * (W - PAD.left - PAD.right);
  const y = (n: number) => H - PAD.bottom - (n / top) * (H - PAD.top - PAD.bottom);
  const points = (values: number[]) =>
    [
      `${x(0)},${y(0)}`,
      ...outcome.timeline.map((step, i) => `${x(step.at)},${y(values[i]!)}`),
    ].join(" ");
  const crossed = outcome.timeline.find((step) => step.allowed > outcome.limit);
  const label =
    `Admitted requests over the minute: ${formatNumber(outcome.allowed)} by 60 s ` +
    `against a documented limit of ${formatNumber(outcome.limit)}` +
    (crossed ? `, passed by ${crossed.at / 1000} s.` : ", never passed.");
  const instances = outcome.perInstance.length;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
    >
      <line className={styles.axis} x1={PAD.left} y1={y(0)} x2={W - PAD.right} y2={y(0)} />
      <line className={styles.axis} x1={PAD.left} y1={y(0)} x2={PAD.left} y2={PAD.top} />
      {[0, 15, 30, 45, 60].map((s) => (
        <text key={s} className={styles.tick} x={x(s * 1000)} y={H - 10} textAnchor="middle">
          {s} s
        </text>
      ))}
      <text className={styles.tick} x={PAD.left - 6} y={y(0) + 4} textAnchor="end">
        0
      </text>
      <line
        className={styles.limitLine}
        x1={PAD.left}
        x2={W - PAD.right}
        y1={y(outcome.limit)}
        y2={y(outcome.limit)}
      />
      <text className={styles.limitLabel} x={PAD.left + 6} y={y(outcome.limit) - 6}>
        limit {formatNumber(outcome.limit)}
      </text>
      {instances > 1
        ? outcome.perInstance.map((_, i) => (
            <polyline
              key={i}
              className={styles.instanceLine}
              points={points(outcome.timeline.map((step) => step.perInstance[i]!))}
            />
          ))
        : null}
      <polyline
        className={styles.totalLine}
        points={points(outcome.timeline.map((step) => step.allowed))}
      />
      <text
        className={styles.totalLabel}
        x={W - PAD.right}
        y={Math.max(PAD.top + 10, y(outcome.allowed) - 6)}
        textAnchor="end"
      >
        admitted {formatNumber(outcome.allowed)}
      </text>
    </svg>
  );
}
