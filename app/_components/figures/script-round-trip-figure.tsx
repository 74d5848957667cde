import { scriptRoundTripData } from "@/lib/figures/lesson-figures";
import { FigureFrame } from "./figure-frame";
import styles from "./figures.module.css";

const W = 420;

/** One EVALSHA: the instance's request, the script's commands run as one step, the reply. */
export function ScriptRoundTripFigure() {
  const { commands, args, reply } = scriptRoundTripData();
  const steps = ["read", ...commands.slice(1).map((c) => c)];
  const H = 150 + commands.length * 26;
  const app = 70;
  const redis = W - 110;
  return (
    <FigureFrame
      title="The Redis script's atomic round trip"
      summary={`Instance A sends one EVALSHA with the key and ${args.length} arguments (${args.join(", ")}). Redis runs the script's commands, ${commands.join(", then ")}, as one step: instance B's call waits until it has finished. One reply comes back: ${reply.join(" and ")}.`}
      viewBox={`0 0 ${W} ${H}`}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">1</th>
              <td>Instance A → Redis: EVALSHA, the key, {args.join(", ")}</td>
            </tr>
            {commands.map((command, i) => (
              <tr key={command}>
                <th scope="row">{i + 2}</th>
                <td>Inside Redis, nothing else runs: {command}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{commands.length + 2}</th>
              <td>Redis → instance A: {reply.join(", ")}; then instance B&apos;s call runs</td>
            </tr>
          </tbody>
        </table>
      }
    >
      <text className={styles.emphasis} x={app} y={18}>
        instance A
      </text>
      <text className={styles.emphasis} x={redis} y={18}>
        Redis
      </text>
      <line className={styles.lifeline} x1={app} x2={app} y1={24} y2={H - 8} />
      <line className={styles.lifeline} x1={redis} x2={redis} y1={24} y2={H - 8} />
      <line
        className={styles.message}
        x1={app}
        x2={redis - 40}
        y1={44}
        y2={44}
        markerEnd="url(#arrow)"
      />
      <text className={styles.label} x={(app + redis) / 2 - 20} y={38}>
        EVALSHA key, {args.length} arguments
      </text>
      <rect
        className={styles.atomic}
        x={redis - 40}
        y={54}
        width={80}
        height={commands.length * 26 + 10}
        rx={4}
      />
      {commands.map((command, i) => (
        <text key={command} className={styles.counter} x={redis} y={74 + i * 26}>
          {command}
        </text>
      ))}
      <text
        className={styles.label}
        x={redis - 48}
        y={70 + (commands.length * 26) / 2}
        textAnchor="end"
      >
        one step: {steps.length} commands
      </text>
      <line
        className={styles.message}
        x1={redis - 40}
        x2={app}
        y1={74 + commands.length * 26}
        y2={74 + commands.length * 26}
        markerEnd="url(#arrow)"
      />
      <text className={styles.label} x={(app + redis) / 2 - 20} y={68 + commands.length * 26}>
        {reply.join(", ")}
      </text>
      <text className={styles.tick} x={redis} y={H - 14}>
        instance B&apos;s EVALSHA waits here
      </text>
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path className={styles.arrowHead} d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
    </FigureFrame>
  );
}
