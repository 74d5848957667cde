import type { SourceScrubber } from "../core/types";
import type { LoadedQuickJS } from "./load-quickjs";
import { findHeapBreak, findHeapFloor, readHeapBreak } from "./heap-break";
import { MIN_COPY_BYTES, SEED_BYTES, SourceIndex } from "./source-index";

/** Sets of secrets whose index is kept: a worker judges a few exercises over and over. */
const KEPT_INDEXES = 32;
/** The largest copy of the heap kept between evaluations (8 MB; a worker's is about 360 KB). */
const KEPT_COPY_WORDS = 2 * 1024 * 1024;
/** Unchanged words between two changes that still make one region to search. */
const GAP_WORDS = 4;
/**
 * Bytes searched on each side of a changed region: a copy may begin or end on bytes that happen to
 * be unchanged, and a seed 8 bytes before a changed word still lies in the copy.
 */
const MARGIN = 8;
const SPACE = 0x20;
const NEWLINE = 0x0a;

/**
 * Erases, in one QuickJS module's linear memory, what evaluating a hidden suite or the reference
 * left of its text (decision 460): QuickJS keeps each function's source for
 * Function.prototype.toString, and the freed buffer the host passed it keeps the whole module's.
 * Before the evaluation the heap is copied; after it, only the words that changed are searched, one
 * lookup per aligned word in an index of the secrets' 8-byte slices; each copy found, grown to its
 * full length byte by byte, has the bytes the evaluation wrote overwritten with spaces (newlines
 * kept): every function keeps its length, and its line numbers, which live in the bytecode, are
 * not touched. Text that may be a live string (literal-spans.ts) is left, as are runs shorter than
 * MIN_COPY_BYTES.
 */
export class MemoryScrubber implements SourceScrubber {
  private before = new Int32Array(0);
  private readonly indexes = new Map<string, SourceIndex>();

  /**
   * @param breakAddress where the module's program break is kept (heap-break.ts): everything the
   *   allocator hands out lies below it; undefined: the whole memory is searched.
   * @param floor the lowest address the allocator hands out (findHeapFloor), 8-aligned.
   */
  constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly breakAddress: number | undefined,
    private readonly floor: number,
  ) {}

  /** For a module nothing has judged in yet (tests and tools; workers make theirs at load). */
  static forModule(loaded: LoadedQuickJS): MemoryScrubber {
    const breakAddress = findHeapBreak(loaded.quickjs, loaded.memory);
    return new MemoryScrubber(
      loaded.memory,
      breakAddress,
      findHeapFloor(loaded.memory, breakAddress),
    );
  }

  scrubAfter<T>(secrets: readonly string[], evaluate: () => T): T {
    const index = this.indexOf(secrets);
    const end = this.heapEnd();
    const words = (end - this.floor) >> 2;
    if (this.before.length < words) this.before = new Int32Array(Math.ceil(words * 1.25));
    this.before.set(new Int32Array(this.memory.buffer, this.floor, words));
    // If the evaluation throws, the module is damaged and discarded: nothing more runs in it.
    const result = evaluate();
    this.scrub(index, words, Math.max(this.heapEnd(), this.floor + words * 4));
    // A heap that a memory-hungry learner grew is copied once; the copy is not kept at that size.
    if (this.before.length > KEPT_COPY_WORDS) this.before = new Int32Array(0);
    return result;
  }

  private scrub(index: SourceIndex, words: number, end: number): void {
    // The memory may have grown: views of its current buffer.
    const bytes = new Uint8Array(this.memory.buffer);
    const now = new Int32Array(this.memory.buffer, this.floor, (end - this.floor) >> 2);
    const before = this.before;
    const floor = this.floor;
    const whole = words & ~3;
    for (let i = 0; i < words;) {
      // Four words at a time while nothing changed: most of the heap did not.
      while (
        i < whole &&
        (i & 3) === 0 &&
        ((now[i]! ^ before[i]!) |
          (now[i + 1]! ^ before[i + 1]!) |
          (now[i + 2]! ^ before[i + 2]!) |
          (now[i + 3]! ^ before[i + 3]!)) ===
          0
      )
        i += 4;
      if (i >= words) break;
      if (now[i] === before[i]) {
        i++;
        continue;
      }
      let last = i;
      let changed = 1;
      for (let j = i + 1; j < words && j - last <= GAP_WORDS; j++) {
        if (now[j] !== before[j]) {
          last = j;
          changed++;
        }
      }
      // A lone word is a count or a pointer: a copy of 12 bytes or more spans at least two whole
      // words, and what the evaluation wrote differs from what was there (a copy that was there
      // already, byte for byte, was not the evaluation's doing).
      if (changed >= 2)
        this.search(
          index,
          bytes,
          now,
          words,
          floor + i * 4 - MARGIN,
          floor + last * 4 + 4 + MARGIN,
          end,
        );
      i = last + 1;
    }
    // What the allocator took past the old break is all new.
    const old = floor + words * 4;
    if (end > old) this.search(index, bytes, now, words, old - MARGIN, end, end);
  }

  /** Finds and blanks the copies through any aligned word of [from, to). */
  private search(
    index: SourceIndex,
    bytes: Uint8Array,
    now: Int32Array,
    words: number,
    from: number,
    to: number,
    end: number,
  ): void {
    const floor = this.floor;
    const last = Math.min(to, end) - SEED_BYTES;
    for (let at = Math.max(floor, from & ~3); at <= last; at += 4) {
      const word = (at - floor) >> 2;
      const low = now[word]!;
      const high = now[word + 1]!;
      // Source text holds no byte below a tab; pointers and counts nearly always do (a zero).
      if (((low - 0x09090909) & ~low & 0x80808080) !== 0) continue;
      if (((high - 0x09090909) & ~high & 0x80808080) !== 0) continue;
      const match = index.matchAt(bytes, at, low, high, floor, end);
      if (match === undefined || match.end - match.start < MIN_COPY_BYTES) continue;
      if (!index.mayBeLiveString(bytes.subarray(match.start, match.end))) {
        this.blank(bytes, match.start, match.end, floor + words * 4);
      }
      // Past the copy: the next aligned word after it.
      at = Math.max(at, ((match.end + 3) & ~3) - 4);
    }
  }

  /**
   * Overwrites with spaces (newlines kept) the bytes of a copy that the evaluation wrote: a byte
   * that is as it was before (the same text of a visible suite, a live string of the learner's that
   * only sat next to a change) was not the evaluation's doing and is left. A copy whose end shares
   * an aligned word with what follows it may have run into the size the allocator wrote over a freed
   * buffer's last bytes (a small multiple of 8, zero in its top byte): that word's part is left.
   * @param old where the memory copied before the evaluation ends: past it, everything is new.
   */
  private blank(bytes: Uint8Array, start: number, end: number, old: number): void {
    let stop = end;
    const word = end & ~3;
    if (word !== end && (bytes[word]! & 7) === 0 && bytes[word + 3] === 0) stop = word;
    const before = new Uint8Array(this.before.buffer);
    const floor = this.floor;
    for (let k = start; k < stop; k++) {
      if (bytes[k] === NEWLINE || (k < old && bytes[k] === before[k - floor])) continue;
      bytes[k] = SPACE;
    }
  }

  private heapEnd(): number {
    const size = this.memory.buffer.byteLength;
    const end =
      this.breakAddress === undefined ? undefined : readHeapBreak(this.memory, this.breakAddress);
    return end === undefined || end < this.floor ? size & ~3 : (end + 3) & ~3;
  }

  private indexOf(secrets: readonly string[]): SourceIndex {
    const key = secrets.join("\0");
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = new SourceIndex(secrets);
      if (this.indexes.size >= KEPT_INDEXES) this.indexes.delete(this.indexes.keys().next().value!);
      this.indexes.set(key, index);
    }
    return index;
  }
}
