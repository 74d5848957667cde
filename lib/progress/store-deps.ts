import type { Db } from "@/lib/db/client";
import type { WallClock } from "@/lib/time/wall-clock";

/** What the store functions run against: a database and the calendar (decision 285). */
export interface StoreDeps {
  db: Db;
  clock: WallClock;
}
