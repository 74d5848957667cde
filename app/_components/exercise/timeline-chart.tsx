"use client";

import { type RefObject, useEffect, useId, useRef, useState } from "react";
import type { Trace } from "@/lib/judge/results";
import { describeDivergence } from "./timeline-divergence";
import { layoutTimeline, TIMELINE_WIDTH } from "./timeline-geometry";
import { formatSecondsExact } from "./timeline-scale";
import styles from "./timeline-chart.module.css";

// Rows beyond this go unlisted in the table alternative; the divergence row is always kept.
const TABLE_ROWS = 200;

/**
 * Each request of a trace over time, admitted or denied by the reference and by the learner's
 * limiter, with window edges or the reference's token level, and the first divergence marked.
 * Plain SVG laid out at the width it is shown at (measured once mounted, 720 before), so its labels
 * are as large on a phone as on a laptop; the figure caption and the table below it carry the same
 * facts for screen readers and for copying.
 */
export function TimelineChart({ trace, title }: { trace: Trace; title: string }) {
  const id = useId();
  const figure = useRef<HTMLElement>(null);
  const width = useShownWidth(figure);
  const layout = layoutTimeline(trace, width ?? TIMELINE_WIDTH);
  const { requests } = trace;
  const admitted = (lane: "expected" | "actual") => requests.filter((r) => r[lane]).length;
  const summary =
    `${requests.length} requests. Reference admitted ${admitted("expected")}, ` +
    `yours admitted ${admitted("actual")}.` +
    (layout.divergence ? ` First divergence: ${layout.divergence.label}.` : " No divergence.");

  return (
    <figure ref={figure} className={styles.figure} data-testid="timeline">
      <svg
        className={styles.svg}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>

        {layout.level && (
          <g className={styles.level}>
            <rect
              className={styles.band}
              x={layout.plotLeft}
              y={layout.level.top}
              width={layout.plotRight - layout.plotLeft}
              height={layout.level.height}
            />
            <text className={styles.laneLabel} x={8} y={layout.level.top + 14}>
              Level
            </text>
            <text className={styles.tickLabel} x={8} y={layout.level.top + 28}>
              max {formatLevel(layout.level.max)}
            </text>
            <path className={styles.levelLine} d={layout.level.path} />
            {layout.level.points.map((p, i) => (
              <circle key={i} className={styles.levelPoint} cx={p.x} cy={p.y} r={1.8} />
            ))}
          </g>
        )}

        {layout.lanes.map((lane) => (
          <g key={lane.id}>
            <rect
              className={styles.band}
              x={layout.plotLeft}
              y={lane.top}
              width={layout.plotRight - layout.plotLeft}
              height={lane.height}
            />
            <text className={styles.laneLabel} x={8} y={lane.top + lane.height / 2 + 4}>
              {lane.label}
            </text>
          </g>
        ))}

        {layout.windowEdges.map((edge, i) => (
          <line
            key={i}
            className={styles.windowEdge}
            x1={edge.x}
            x2={edge.x}
            y1={layout.lanes[0]!.top - 4}
            y2={layout.axisY}
          />
        ))}

        {layout.cells.map((cell) => (
          <rect
            key={`${cell.lane}-${cell.index}`}
            className={[
              styles.cell,
              cell.admitted ? styles.admitted : styles.denied,
              cell.divergent ? styles.divergentCell : "",
            ].join(" ")}
            x={cell.x}
            y={cell.y}
            width={cell.width}
            height={Math.max(cell.height - (cell.height > 3 ? 1 : 0), 0.5)}
            data-count={cell.count}
          />
        ))}

        {layout.burstLabels.map((burst, i) => (
          <text
            key={`burst-${i}`}
            className={styles.tickLabel}
            x={burst.x}
            y={burst.y}
            textAnchor="middle"
            data-testid="burst-label"
          >
            {burst.label}
          </text>
        ))}

        {layout.divergence && (
          <g className={styles.divergence}>
            <line
              x1={layout.divergence.x}
              x2={layout.divergence.x}
              y1={layout.divergence.y + 3}
              y2={layout.axisY}
            />
            <text
              x={layout.divergence.textX}
              y={layout.divergence.y}
              textAnchor={layout.divergence.anchor}
              data-testid="divergence-caption"
            >
              {layout.divergence.caption}
            </text>
          </g>
        )}

        <line
          className={styles.axis}
          x1={layout.plotLeft}
          x2={layout.plotRight}
          y1={layout.axisY}
          y2={layout.axisY}
        />
        {layout.ticks.map((tick, i) => (
          <g key={i}>
            <line
              className={styles.axis}
              x1={tick.x}
              x2={tick.x}
              y1={layout.axisY}
              y2={layout.axisY + 4}
            />
            {tick.label && (
              <text
                className={styles.tickLabel}
                x={tick.x}
                y={layout.axisY + 16}
                textAnchor="middle"
                data-testid="tick-label"
              >
                {tick.label}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className={styles.caption}>
        <span className={styles.legend}>
          <span className={`${styles.swatch} ${styles.admitted}`} aria-hidden="true" /> admitted
          <span className={`${styles.swatch} ${styles.denied}`} aria-hidden="true" /> denied
          {layout.windowEdges.length > 0 && (
            <>
              <span className={styles.edgeSwatch} aria-hidden="true" /> window edge
            </>
          )}
          {layout.level && <> · line: reference level after each request</>}
          {layout.burstLabels.length > 0 && (
            <> · ×N: requests at the same instant, drawn as runs of one decision</>
          )}
        </span>
        <span>{summary}</span>
        {trace.truncated && <span> The trace was shortened to keep the results small.</span>}
      </figcaption>
      <details className={styles.tableDetails}>
        <summary>Show the trace as a table</summary>
        <TraceTable trace={trace} />
      </details>
    </figure>
  );
}

function TraceTable({ trace }: { trace: Trace }) {
  const divergence = trace.firstDivergence;
  const rows = trace.requests
    .map((request, index) => ({ request, index }))
    .filter(({ index }) => index < TABLE_ROWS || index === divergence);
  const hasCost = trace.requests.some((r) => r.n !== undefined);
  const hasKey = trace.requests.some((r) => r.key !== undefined);
  const hasInstance = trace.requests.some((r) => r.instance !== undefined);
  const levels = trace.level;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">t</th>
          {hasCost && <th scope="col">n</th>}
          {hasKey && <th scope="col">key</th>}
          {hasInstance && <th scope="col">instance</th>}
          <th scope="col">reference</th>
          <th scope="col">yours</th>
          {levels && levels.length === trace.requests.length && <th scope="col">level</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ request, index }) => (
          <tr
            key={index}
            className={index === divergence ? styles.divergentRow : undefined}
            title={index === divergence ? describeDivergence(index, request) : undefined}
          >
            <td>{index + 1}</td>
            <td>{formatSecondsExact(request.t)}</td>
            {hasCost && <td>{request.n ?? 1}</td>}
            {hasKey && <td>{request.key ?? ""}</td>}
            {hasInstance && <td>{request.instance ?? ""}</td>}
            <td>{request.expected ? "admitted" : "denied"}</td>
            <td>
              {request.actual ? "admitted" : "denied"}
              {index === divergence && " ← first divergence"}
            </td>
            {levels && levels.length === trace.requests.length && (
              <td>{formatLevel(levels[index]!.level)}</td>
            )}
          </tr>
        ))}
      </tbody>
      {trace.requests.length > rows.length && (
        <tfoot>
          <tr>
            <td colSpan={8}>{trace.requests.length - rows.length} more requests not listed.</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** The element's width in CSS pixels, following resizes (a dragged pane); null until mounted. */
function useShownWidth(element: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => {
      const shown = Math.round(target.clientWidth);
      if (shown > 0) setWidth((previous) => (previous === shown ? previous : shown));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

function formatLevel(level: number): string {
  return Number.isInteger(level) ? String(level) : level.toFixed(2);
}
