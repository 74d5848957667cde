import { deploymentData } from "@/lib/figures/lesson-figures";
import { FigureFrame, fmt } from "./figure-frame";
import styles from "./figures.module.css";

const W = 420;
const PANEL = 150;

const titles = {
  full: "Counter in each instance, full limit",
  divided: "Counter in each instance, limit divided",
  shared: "Counter in a shared store",
} as const;

/** Clients, load balancer, instances and store, for each place the counter can live. */
export function DeploymentFigure() {
  const { limit, instances, offered, options } = deploymentData();
  const H = PANEL * options.length + 10;
  const columns = Array.from(
    { length: instances },
    (_, i) => 60 + i * ((W - 120) / (instances - 1)),
  );
  return (
    <FigureFrame
      title="Where the counter lives in a multi-instance deployment"
      summary={`${fmt(offered)} requests from one client reach a load balancer in front of ${instances} instances, with a documented limit of ${fmt(limit)}. ${options.map((o) => `${titles[o.placement]}: ${fmt(o.allowed)} admitted`).join(". ")}.`}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Where the counter lives</th>
              <th scope="col">Limit each counter holds</th>
              <th scope="col">Admitted per instance</th>
              <th scope="col">Admitted in total</th>
            </tr>
          </thead>
          <tbody>
            {options.map((o) => (
              <tr key={o.placement}>
                <th scope="row">{titles[o.placement]}</th>
                <td>
                  {o.placement === "shared"
                    ? `${fmt(limit)}, one for all`
                    : fmt(o.perInstanceLimit)}
                </td>
                <td>{o.perInstance.map(fmt).join(" / ")}</td>
                <td>{fmt(o.allowed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {options.map((o, row) => {
        const top = row * PANEL + 8;
        const shared = o.placement === "shared";
        return (
          <g key={o.placement}>
            <text className={styles.emphasis} x={8} y={top + 12} textAnchor="start">
              {titles[o.placement]}: {fmt(o.allowed)} of {fmt(offered)} admitted
            </text>
            <rect
              className={styles.node}
              x={W / 2 - 40}
              y={top + 20}
              width={80}
              height={20}
              rx={4}
            />
            <text className={styles.label} x={W / 2} y={top + 34}>
              client
            </text>
            <rect
              className={styles.node}
              x={W / 2 - 60}
              y={top + 50}
              width={120}
              height={20}
              rx={4}
            />
            <text className={styles.label} x={W / 2} y={top + 64}>
              load balancer
            </text>
            <line className={styles.edge} x1={W / 2} x2={W / 2} y1={top + 40} y2={top + 50} />
            {columns.map((cx, i) => (
              <g key={i}>
                <line className={styles.edge} x1={W / 2} x2={cx} y1={top + 70} y2={top + 82} />
                <rect
                  className={styles.node}
                  x={cx - 48}
                  y={top + 82}
                  width={96}
                  height={shared ? 22 : 34}
                  rx={4}
                />
                <text className={styles.label} x={cx} y={top + 96}>
                  instance {i + 1}
                </text>
                {shared ? (
                  <line className={styles.edge} x1={cx} x2={W / 2} y1={top + 104} y2={top + 118} />
                ) : (
                  <text className={styles.counter} x={cx} y={top + 111}>
                    counter {fmt(o.perInstanceLimit)}: {fmt(o.perInstance[i]!)}
                  </text>
                )}
              </g>
            ))}
            {shared ? (
              <>
                <rect
                  className={styles.store}
                  x={W / 2 - 90}
                  y={top + 118}
                  width={180}
                  height={22}
                  rx={4}
                />
                <text className={styles.counter} x={W / 2} y={top + 133}>
                  shared store: one counter of {fmt(limit)}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
    </FigureFrame>
  );
}
