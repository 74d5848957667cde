import { ManualClock, heapBytes } from "judge";
import { MAX_KEYS, PerUserLimiter } from "./solution";

const USERS = 1_000_000;
const PER_SECOND = 1_000;
const CHECKPOINT_EVERY = 50_000;
/** Set aside before the run and freed if the heap fills up, so the full heap can still be measured. */
const RESERVE_BYTES = 256 * 1024;
const MB = 1024 * 1024;

/**
 * A million distinct user ids — anonymous callers keyed by IP, say — arrive at 1,000 a second, each
 * sending a single request. The map's size and the sandbox's heap are read every 50,000 users; if
 * the heap fills up first, that is the outcome: where it happened, and what the map held.
 */
export function scenario() {
  const before = heapBytes();
  const run = feed();
  // feed() has returned: its limiter, and every bucket in it, is garbage now.
  const heldByMap = run.heapWithMap - heapBytes();
  const outOfMemory = run.served < USERS;
  // Which of the question's four outcomes happened.
  const answer =
    outOfMemory || run.size >= USERS
      ? 2
      : run.size === 0
        ? 3
        : run.peak > 2 * PER_SECOND + 1
          ? 1
          : 0;
  const held = `${megabytes(heldByMap)} MB`;
  return {
    answer,
    summary: outOfMemory
      ? `Out of memory at user ${thousands(run.served + 1)} of ${thousands(USERS)}: the map held ${thousands(run.size)} buckets, ${held} of heap.`
      : `All ${thousands(USERS)} users served; the map never held more than ${thousands(run.peak)} buckets and ends with ${thousands(run.size)}, ${held} of heap.`,
    facts: [
      { label: "Distinct users sent", value: USERS },
      { label: "Users served", value: run.served },
      { label: "Most buckets held at once", value: run.peak },
      { label: "Heap held by the map (MB)", value: megabytes(heldByMap) },
      { label: "Heap before the run (MB)", value: megabytes(before) },
      { label: "MAX_KEYS (what the process can afford)", value: MAX_KEYS },
    ],
    table: {
      columns: ["Simulated time", "Users seen", "Buckets held", "Heap (MB)"],
      rows: run.rows,
    },
  };
}

function feed() {
  const clock = new ManualClock();
  const limiter = new PerUserLimiter(clock);
  // Preallocated: once the heap is full, the only writes left are numbers into existing slots.
  const run = { served: 0, size: 0, peak: 0, heapWithMap: 0, rows: [] as (string | number)[][] };
  const reserve: { bytes: ArrayBuffer | null } = { bytes: new ArrayBuffer(RESERVE_BYTES) };
  let user = 0;
  try {
    for (let second = 0; user < USERS; second++) {
      if (second > 0) clock.advance(1000);
      for (let end = user + PER_SECOND; user < end; user++) limiter.allow(`user-${user}`);
      run.served = user;
      run.size = limiter.size;
      if (run.size > run.peak) run.peak = run.size;
      if (user % CHECKPOINT_EVERY === 0) {
        run.rows.push([`${second + 1} s`, user, run.size, megabytes(heapBytes())]);
      }
    }
  } catch (error) {
    // A heap too full to build an error object throws null.
    if (error !== null && !(error instanceof Error && error.message === "out of memory")) {
      throw error;
    }
    reserve.bytes = null;
    run.served = user;
    run.size = limiter.size;
    if (run.size > run.peak) run.peak = run.size;
    run.rows.push(["out of memory", user, run.size, megabytes(heapBytes())]);
  }
  reserve.bytes = null;
  run.heapWithMap = heapBytes();
  return run;
}

function megabytes(bytes: number): number {
  return Math.round((bytes / MB) * 10) / 10;
}

/** 100000 -> "100,000" (the sandbox has no locale data). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
