import type { Db } from "@/lib/db/client";
import type { Clock } from "@/lib/limiters/clock";

/** What the store functions run against: a database and the time. */
export interface StoreDeps {
  db: Db;
  clock: Clock;
}

export function nowFrom(clock: Clock): Date {
  return new Date(clock.now());
}
