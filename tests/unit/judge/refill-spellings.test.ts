import { describe, test } from "vitest";
import { expectAcceptedWhateverSeed } from "./judge-helpers";

// Correct limiters as published code writes them, one per bucket-like exercise, with the refill
// spelled each of the four ways that are equal on paper and differ in the last bit (decision 120).
// Each is judged with the exercise's own seed and two more, so a pass cannot be luck of one seed.

const spellings = {
  "(elapsed / 1000) * rate": (elapsed: string, rate: string) => `((${elapsed}) / 1000) * ${rate}`,
  "(elapsed * rate) / 1000": (elapsed: string, rate: string) => `((${elapsed}) * ${rate}) / 1000`,
  "elapsed / (1000 / rate)": (elapsed: string, rate: string) => `(${elapsed}) / (1000 / ${rate})`,
  "elapsed * (rate / 1000)": (elapsed: string, rate: string) => `(${elapsed}) * (${rate} / 1000)`,
} as const;

type Refill = (elapsed: string, rate: string) => string;

const tokenBucket = (refill: Refill) => `
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(private capacity: number, private rate: number, private clock: { now(): number }) {
    this.tokens = capacity;
    this.last = clock.now();
  }
  allow(): boolean { return this.tryAcquire(1); }
  tryAcquire(n = 1): boolean {
    this.available();
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }
  available(): number {
    const now = this.clock.now();
    this.tokens = Math.min(this.capacity, this.tokens + ${refill("now - this.last", "this.rate")});
    this.last = now;
    return this.tokens;
  }
}`;

const leakyBucket = (refill: Refill) => `
export class LeakyBucket {
  private water = 0;
  private last: number;
  constructor(private capacity: number, private rate: number, private clock: { now(): number }) {
    this.last = clock.now();
  }
  allow(): boolean {
    this.level();
    if (this.water + 1 > this.capacity) return false;
    this.water += 1;
    return true;
  }
  level(): number {
    const now = this.clock.now();
    this.water = Math.max(0, this.water - ${refill("now - this.last", "this.rate")});
    this.last = now;
    return this.water;
  }
}
export class LeakyShaper {
  private water = 0;
  private last: number;
  constructor(private capacity: number, private rate: number, private clock: { now(): number }) {
    this.last = clock.now();
  }
  schedule(): number | null {
    const now = this.clock.now();
    this.water = this.queued();
    this.last = now;
    if (this.water + 1 > this.capacity) return null;
    const at = now + this.water * (1000 / this.rate);
    this.water += 1;
    return at;
  }
  allow(): boolean { return this.schedule() !== null; }
  queued(): number {
    return Math.max(0, this.water - ${refill("this.clock.now() - this.last", "this.rate")});
  }
}`;

const keyedLimiter = (refill: Refill) => `
interface Options { capacity: number; perSecond: number; maxKeys: number; forgetIdleAfterMs?: number; clock: { now(): number } }
export class KeyedLimiter {
  private buckets = new Map<string, { tokens: number; last: number }>();
  constructor(private o: Options) {}
  get size(): number { return this.buckets.size; }
  allow(key: string): boolean { return this.tryAcquire(key, 1); }
  tryAcquire(key: string, n = 1): boolean {
    const now = this.o.clock.now();
    let b = this.buckets.get(key);
    if (b) this.buckets.delete(key);
    else {
      if (this.buckets.size >= this.o.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
      b = { tokens: this.o.capacity, last: now };
    }
    this.buckets.set(key, b);
    b.tokens = Math.min(this.o.capacity, b.tokens + ${refill("now - b.last", "this.o.perSecond")});
    b.last = now;
    const ok = b.tokens >= n;
    if (ok) b.tokens -= n;
    for (let i = 0; i < 2; i++) {
      const [oldKey, old] = this.buckets.entries().next().value!;
      if (oldKey === key || now - old.last < (this.o.forgetIdleAfterMs ?? 10_000)) break;
      if (old.tokens + ${refill("now - old.last", "this.o.perSecond")} < this.o.capacity) break;
      this.buckets.delete(oldKey);
    }
    return ok;
  }
}`;

const distributedBucket = (refill: Refill) => `
import type { SharedStore } from "judge";
export class DistributedTokenBucket {
  constructor(private store: SharedStore, private key: string, private capacity: number,
    private rate: number, private clock: { now(): number }) {}
  allow(): Promise<boolean> { return this.tryAcquire(1); }
  tryAcquire(n = 1): Promise<boolean> {
    const now = this.clock.now();
    return this.store.update<{ tokens: number; last: number }, boolean>(this.key, (s) => {
      const last = s?.last ?? now;
      let tokens = Math.min(this.capacity, (s?.tokens ?? this.capacity) + ${refill("Math.max(0, now - last)", "this.rate")});
      const ok = tokens >= n;
      if (ok) tokens -= n;
      return { value: { tokens, last: Math.max(last, now) }, result: ok };
    });
  }
}`;

const exercises = {
  "token-bucket": tokenBucket,
  "leaky-bucket": leakyBucket,
  "keyed-limiter": keyedLimiter,
  "distributed-token-bucket": distributedBucket,
};

describe.each(Object.entries(exercises))("%s", (exerciseId, solution) => {
  test.each(Object.entries(spellings))(
    "a correct limiter refilling %s is accepted, whatever the seed",
    (_, refill) => expectAcceptedWhateverSeed(exerciseId, solution(refill)),
  );
});
