import type { TraceRequest } from "@/lib/judge/results";
import { formatSecondsExact } from "./timeline-scale";

// The marker at the first request where the reference and the learner's code decided differently.

export interface TimelineDivergence {
  index: number;
  x: number;
  label: string;
  /** What the chart writes over the marker: "first divergence: request 102 · ×101 at once". */
  caption: string;
  /** Which side of the marker the caption extends to. */
  anchor: "start" | "end";
  /** Where the caption is anchored (the marker's x, unless that would push it off the drawing). */
  textX: number;
  /** The caption's baseline: a row of its own above the "×N" labels, so the two never meet. */
  y: number;
}

/** Estimated advance of one character of the divergence caption (11px bold). */
const CAPTION_CHAR = 6.6;

/**
 * The divergence marker's caption, on its own row above the "×N" labels. A divergence inside a
 * burst says how many requests share its instant; the caption extends to the side with room for it.
 */
export function layoutDivergence(
  index: number,
  requests: readonly TraceRequest[],
  groups: readonly { t: number; indices: number[] }[],
  at: number,
  width: number,
  y: number,
): TimelineDivergence {
  const burst = groups.find((g) => g.t === requests[index]!.t)?.indices.length ?? 1;
  const request = `request ${index + 1}`;
  // The longest wording that fits beside the marker; a phone gets the short ones.
  const wordings =
    burst > 1
      ? [
          `first divergence: ${request} · ×${burst} at once`,
          `first divergence: ${request} · ×${burst}`,
          `divergence: ${request} · ×${burst}`,
        ]
      : [`first divergence: ${request}`, `divergence: ${request}`];
  const fits = (text: string) => text.length * CAPTION_CHAR <= Math.max(at, width - at) - 4;
  const caption = wordings.find(fits) ?? wordings[wordings.length - 1]!;
  const room = caption.length * CAPTION_CHAR;
  const anchor = at + room <= width - 4 ? "start" : "end";
  // Kept inside the drawing even when it fits on neither side of the marker.
  const textX = anchor === "start" ? at : Math.max(at, Math.min(width - 4, room + 4));
  return {
    index,
    x: at,
    label: describeDivergence(index, requests[index]!),
    caption,
    anchor,
    textX,
    y,
  };
}

/** "request 101 at t=60.000s: reference denied, yours admitted" — same wording as the judge. */
export function describeDivergence(index: number, request: TraceRequest): string {
  const decision = (admitted: boolean) => (admitted ? "admitted" : "denied");
  const cost = request.n !== undefined && request.n !== 1 ? ` (n=${request.n})` : "";
  return (
    `request ${index + 1}${cost} at t=${formatSecondsExact(request.t)}: ` +
    `reference ${decision(request.expected)}, yours ${decision(request.actual)}`
  );
}
