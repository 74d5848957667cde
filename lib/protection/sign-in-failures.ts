import { refusalResponse, type Clock } from "@/lib/limiters";
import type { FailureMode } from "./config";
import type { CounterStore } from "./failure-counters";

/**
 * Failed sign-ins, counted per (account, address) pair and per account (docs/decisions/271). A
 * sign-in that succeeds is not counted: the owner who signs in ten times a day is never refused,
 * while a stranger's guesses exhaust their own pair's share and, across many addresses, a generous
 * per-account cap. An attempt is counted before it is judged and taken back if it succeeds, so
 * guesses sent in parallel all count.
 */
export interface FailureLimit {
  /** Failures admitted within the window; the next attempt is refused until the window ends. */
  max: number;
  windowMs: number;
}

export interface SignInFailureOptions {
  store: CounterStore;
  /** Counts on this instance while `store` cannot be reached (the auth class's failure policy). */
  fallback: CounterStore;
  failure: FailureMode;
  clock: Clock;
  /** Null: no such limit. */
  pair: FailureLimit | null;
  account: FailureLimit | null;
  timeoutMs: number;
  onStoreFailure?: (error: unknown) => void;
}

export interface SignInAttempt {
  /** The 429 to send instead of trying the password, or null. */
  refusal: Response | null;
  /** Tells the counters how the attempt ended; a success takes its count back. */
  settle(succeeded: boolean): Promise<void>;
}

type Scope = "pair" | "account";

export class SignInFailures {
  private storeSkippedUntil = 0;

  constructor(private readonly options: SignInFailureOptions) {}

  /** Counts an attempt to sign in to `account` (a hashed key) from address `ip`. */
  async attempt(account: string, ip: string): Promise<SignInAttempt> {
    const keys: Record<Scope, string> = {
      pair: `signin-failures:pair:${account}@${ip}`,
      account: `signin-failures:account:${account}`,
    };
    const { store, scale } = this.storeInUse();
    if (scale === null) return { refusal: null, settle: async () => {} };
    const counted: Scope[] = [];
    const undo = async () => {
      for (const scope of counted) await this.add(store, keys[scope], -1, scope);
    };
    for (const scope of ["pair", "account"] as const) {
      const limit = this.options[scope];
      if (!limit) continue;
      const max = Math.max(1, Math.round(limit.max * scale));
      const result = await this.add(store, keys[scope], 1, scope);
      if (result === null) {
        // The store failed mid-way: no count to trust, so none is kept.
        await undo();
        return this.attempt(account, ip);
      }
      counted.push(scope);
      if (result.count > max) {
        // A refused attempt tries no password: it is not a failure.
        await undo();
        return {
          refusal: refusal(scope, max, limit.windowMs, result.ttlMs),
          settle: async () => {},
        };
      }
    }
    return { refusal: null, settle: async (succeeded) => (succeeded ? undo() : undefined) };
  }

  /** The store to count in, and the scale of the limits there (null: count nothing, admit). */
  private storeInUse(): { store: CounterStore; scale: number | null } {
    const { failure } = this.options;
    if (this.options.clock.now() >= this.storeSkippedUntil)
      return { store: this.options.store, scale: 1 };
    if (failure.mode === "open") return { store: this.options.fallback, scale: null };
    return { store: this.options.fallback, scale: failure.fallbackScale };
  }

  private async add(store: CounterStore, key: string, delta: number, scope: Scope) {
    const windowMs = this.options[scope]?.windowMs ?? 60_000;
    if (store === this.options.fallback) return store.add(key, delta, windowMs);
    try {
      return await withTimeout(store.add(key, delta, windowMs), this.options.timeoutMs);
    } catch (error) {
      this.storeSkippedUntil = this.options.clock.now() + 1_000;
      this.options.onStoreFailure?.(error);
      return null;
    }
  }
}

function refusal(scope: Scope, max: number, windowMs: number, ttlMs: number): Response {
  const who = scope === "pair" ? "per account and network address" : "per account";
  const minutes = Math.max(1, Math.round(windowMs / 60_000));
  const response = refusalResponse(
    { allowed: false, limit: max, remaining: 0, resetMs: ttlMs, retryAfterMs: Math.max(1, ttlMs) },
    { policy: `Too many failed sign-in attempts: ${max} per ${minutes} minutes ${who}` },
  );
  if (!response) throw new Error("a refused decision must produce a refusal");
  response.headers.set("cache-control", "no-store");
  return response;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
