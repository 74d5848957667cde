import { ManualClock } from "judge";
import { MAX_KEYS, PerUserLimiter } from "./solution";

const USERS = 100_000;
const PER_SECOND = 1_000;

/**
 * 100,000 distinct user ids — anonymous callers keyed by IP, say — arrive at 1,000 a second, each
 * sending a single request. Every bucket is full again two seconds after its one request.
 */
export function scenario() {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  const rows: (string | number)[][] = [];
  let admitted = 0;
  for (let i = 0; i < USERS; i++) {
    if (i > 0 && i % PER_SECOND === 0) clock.advance(1000);
    if (limiter.allow(`user-${i}`)) admitted++;
    if ((i + 1) % 10_000 === 0) rows.push([`${(i + 1) / PER_SECOND} s`, i + 1, limiter.size]);
  }
  const size = limiter.size;
  // Which of the question's four outcomes happened.
  const answer = size >= USERS ? 2 : size === 0 ? 3 : size > 2 * PER_SECOND + 1 ? 1 : 0;
  return {
    answer,
    summary: `After ${thousands(USERS)} distinct users the map holds ${thousands(size)} buckets.`,
    facts: [
      { label: "Distinct users seen", value: USERS },
      { label: "Buckets held at the end", value: size },
      { label: "MAX_KEYS (what the process can afford)", value: MAX_KEYS },
      { label: "Requests admitted", value: admitted },
    ],
    table: { columns: ["Simulated time", "Users seen", "Buckets held"], rows },
  };
}

/** 100000 -> "100,000" (the sandbox has no locale data). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
