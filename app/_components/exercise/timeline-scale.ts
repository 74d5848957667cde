// The timeline's time axis: round tick values, their labels, and seconds as the judge writes them.

export interface TimelineTick {
  x: number;
  label: string;
}

/** About this much room per tick label, so neighbouring labels never touch. */
const TICK_SPACING = 72;

/** As many ticks as fit with room for their labels: six on a laptop, two or three on a phone. */
export function tickTarget(plotWidth: number): number {
  return Math.max(2, Math.min(6, Math.floor(plotWidth / TICK_SPACING)));
}

/** Tick labels with the decimals the step needs; a label equal to the previous one is dropped. */
export function labelTicks(ticks: readonly number[], x: (t: number) => number): TimelineTick[] {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 1000;
  const decimals = step >= 1000 ? 0 : step >= 100 ? 1 : step >= 10 ? 2 : 3;
  const out: TimelineTick[] = [];
  let last: string | null = null;
  for (const t of ticks) {
    const label = `${(t / 1000).toFixed(decimals)}s`;
    out.push({ x: x(t), label: label === last ? "" : label });
    last = label;
  }
  return out;
}

/** Milliseconds as seconds with millisecond precision, the unit the judge's messages use. */
export function formatSecondsExact(ms: number): string {
  return `${(ms / 1000).toFixed(3)}s`;
}

/**
 * Tick values at 1, 2 or 5 times a power of ten, about `target` of them across [t0, t1]. Times are
 * milliseconds; the ticks land on round numbers so "60s" is a tick when a window ends there.
 */
export function niceTicks(t0: number, t1: number, target = 6, minStep = 0): number[] {
  if (!(t1 > t0)) return [t0];
  // The fake clock counts whole milliseconds: the chart asks for steps of at least 1 ms, so a span
  // of a few milliseconds never gets ticks between instants that cannot happen.
  const raw = Math.max((t1 - t0) / target, minStep);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  // Integer multiples rounded to 12 significant digits: repeated addition drifts and 3 * 0.1 is
  // 0.30000000000000004, which would print as an ugly label.
  for (let k = Math.ceil(t0 / step); k * step <= t1 + step * 1e-9; k++) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
}

/** Seconds with as many decimals as the span needs to tell neighbouring ticks apart. */
export function formatSeconds(ms: number, spanMs: number): string {
  const seconds = ms / 1000;
  const decimals = spanMs >= 10_000 ? 0 : spanMs >= 1000 ? 1 : spanMs >= 100 ? 2 : 3;
  return `${Number(seconds.toFixed(decimals)).toFixed(decimals)}s`;
}

/** The span of the times, padded by 3% each side so no cell sits on the plot's edge. */
export function paddedDomain(values: number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 0];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (max === min) return [min, max];
  const pad = (max - min) * 0.03;
  return [min - pad, max + pad];
}
