import type { TestResult, Verdict } from "../results";
import type { PlannedTest } from "./protocol";

/**
 * What a judge has done so far, kept in memory the worker shares with the pool instead of sent as a
 * message per test. The pool reads it only when it has to stop a worker from outside (a built-in
 * call that never returns, a crash): then the tests that finished keep their results and the
 * one that was running takes the blame. In every other case the final document says it all, and
 * thirty messages per judge were thirty wake-ups of the server's main thread for nothing (measured:
 * about 4% of judge throughput).
 *
 * Layout: Int32 [0] the judge's id, [1] bytes used; from byte 8, one JSON record per line.
 * The length is published with Atomics.store after the bytes are written, so a reader never sees
 * half a record.
 */
export const JOURNAL_BYTES = 1 << 20;
const HEADER_BYTES = 8;

type Record_ = { plan: PlannedTest[] } | { index: number; result: TestResult; verdict: Verdict };

export interface JournalContents {
  plan?: PlannedTest[];
  results: TestResult[];
  verdicts: Verdict[];
}

export function createJournal(): SharedArrayBuffer {
  return new SharedArrayBuffer(JOURNAL_BYTES);
}

/** The worker's side: one judge at a time. */
export class JournalWriter {
  private readonly header: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly encoder = new TextEncoder();

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 2);
    this.bytes = new Uint8Array(buffer, HEADER_BYTES);
  }

  begin(id: number): void {
    Atomics.store(this.header, 1, 0);
    Atomics.store(this.header, 0, id);
  }

  /** False when the record does not fit; the caller then sends it as a message. */
  append(record: Record_): boolean {
    const used = Atomics.load(this.header, 1);
    const line = `${JSON.stringify(record)}\n`;
    const { read, written } = this.encoder.encodeInto(line, this.bytes.subarray(used));
    if (read < line.length) return false;
    Atomics.store(this.header, 1, used + written);
    return true;
  }
}

/** The pool's side: what judge `id` recorded, or nothing if the journal belongs to another. */
export function readJournal(buffer: SharedArrayBuffer, id: number): JournalContents {
  const contents: JournalContents = { results: [], verdicts: [] };
  const header = new Int32Array(buffer, 0, 2);
  if (Atomics.load(header, 0) !== id) return contents;
  const used = Atomics.load(header, 1);
  // Copied out first: TextDecoder does not read shared memory.
  const text = new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES, used).slice());
  for (const line of text.split("\n")) {
    if (!line) continue;
    const record = JSON.parse(line) as Record_;
    if ("plan" in record) contents.plan = record.plan;
    else {
      contents.results[record.index] = record.result;
      contents.verdicts.push(record.verdict);
    }
  }
  return contents;
}
