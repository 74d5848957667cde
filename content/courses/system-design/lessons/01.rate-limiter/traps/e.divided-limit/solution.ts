import type { Clock, SharedStore } from "judge";

export const LIMIT = 100; // requests per customer per minute, as the contract says
export const WINDOW_MS = 60_000;

export interface Replica {
  allow(customer: string): Promise<boolean>;
}

// The fix: no division. Every replica checks and counts in the one shared store, atomically, so
// the limit holds whichever replica a request lands on and however many replicas there are.
export function createReplicas(count: number, store: SharedStore, clock: Clock): Replica[] {
  return Array.from({ length: count }, () => ({
    allow: (customer: string) => {
      const window = Math.floor(clock.now() / WINDOW_MS);
      return store.update<number, boolean>(`${customer}:${window}`, (stored) => {
        const used = stored ?? 0;
        return used < LIMIT ? { value: used + 1, result: true } : { value: used, result: false };
      });
    },
  }));
}
