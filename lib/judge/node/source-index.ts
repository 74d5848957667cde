import { isIdentifierByte, literalSpans } from "./literal-spans";

/** Bytes a seed compares: two aligned 32-bit words of memory. */
export const SEED_BYTES = 8;
/**
 * Shorter runs are not blanked: below 11 bytes a copy need not hold an aligned seed, and what is
 * that short is a token or two, as the atoms already hold.
 */
export const MIN_COPY_BYTES = 12;
/** A seed with more places in the sources than this (indentation) is skipped: others will hit. */
const MAX_CANDIDATES = 24;

export interface Match {
  /** Where the copy is in memory: [start, end). */
  start: number;
  end: number;
}

/**
 * The secret sources (UTF-8, one after another, NUL between them) indexed by every 8 bytes they
 * hold, at every offset, so that one lookup per aligned word of memory finds a copy at any
 * alignment (decision 460). Built once per set of secrets and kept (SourceScrubber's cache).
 */
export class SourceIndex {
  readonly bytes: Buffer;
  private readonly heads: Int32Array;
  private readonly next: Int32Array;
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  private readonly shift: number;
  private readonly spanStarts: Int32Array;
  private readonly spanEnds: Int32Array;

  constructor(secrets: readonly string[]) {
    this.bytes = Buffer.from(secrets.join("\0"), "utf8");
    const count = Math.max(0, this.bytes.length - SEED_BYTES + 1);
    let bits = 4;
    while (1 << bits < count * 2) bits++;
    this.shift = 32 - bits;
    this.heads = new Int32Array(1 << bits).fill(-1);
    this.next = new Int32Array(count);
    this.low = new Int32Array(count);
    this.high = new Int32Array(count);
    // The nearest NUL (between two sources) at or after j: across it is no text, no copy.
    let nul = this.bytes.indexOf(0, count);
    if (nul < 0) nul = this.bytes.length;
    for (let j = count - 1; j >= 0; j--) {
      if (this.bytes[j] === 0) nul = j;
      if (nul < j + SEED_BYTES) continue;
      const low = this.bytes.readInt32LE(j);
      const high = this.bytes.readInt32LE(j + 4);
      const slot = this.slot(low, high);
      this.low[j] = low;
      this.high[j] = high;
      this.next[j] = this.heads[slot]!;
      this.heads[slot] = j;
    }
    const spans = literalSpans(this.bytes);
    this.spanStarts = Int32Array.from(spans, (span) => span[0]);
    this.spanEnds = Int32Array.from(spans, (span) => span[1]);
  }

  private slot(low: number, high: number): number {
    return (
      (Math.imul(low, 0x9e3779b1) ^ Math.imul(high ^ (high >>> 15), 0x85ebca6b)) >>> this.shift
    );
  }

  /**
   * The longest copy of secret text in `memory` through the 8 bytes at `at` (4-aligned, words
   * `low` and `high`), within [floor, end); undefined if those bytes are in no secret.
   */
  matchAt(
    memory: Uint8Array,
    at: number,
    low: number,
    high: number,
    floor: number,
    end: number,
  ): Match | undefined {
    let best: Match | undefined;
    let tried = 0;
    for (let j = this.heads[this.slot(low, high)]!; j >= 0; j = this.next[j]!) {
      if (this.low[j] !== low || this.high[j] !== high) continue;
      if (++tried > MAX_CANDIDATES) return undefined;
      const bytes = this.bytes;
      let start = at;
      // A NUL stops a copy: the sources hold none but their separators.
      for (let s = j - 1; start > floor && s >= 0 && bytes[s] !== 0; s--) {
        if (memory[start - 1] !== bytes[s]) break;
        start--;
      }
      let stop = at + SEED_BYTES;
      for (let s = j + SEED_BYTES; stop < end && s < bytes.length && bytes[s] !== 0; s++) {
        if (memory[stop] !== bytes[s]) break;
        stop++;
      }
      if (best === undefined || stop - start > best.end - best.start) best = { start, end: stop };
    }
    return best;
  }

  /**
   * Whether text found in memory may be a live string rather than kept source: it is a run of
   * identifier characters, or it is, somewhere in the sources, inside one literal (or identifier).
   */
  mayBeLiveString(text: Uint8Array): boolean {
    if (text.every(isIdentifierByte)) return true;
    for (let at = this.bytes.indexOf(text); at >= 0; at = this.bytes.indexOf(text, at + 1)) {
      if (this.insideSpan(at, at + text.length)) return true;
    }
    return false;
  }

  private insideSpan(start: number, end: number): boolean {
    // The last span that starts at or before `start`.
    let low = 0;
    let high = this.spanStarts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.spanStarts[middle]! <= start) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found >= 0 && this.spanEnds[found]! >= end;
  }
}
