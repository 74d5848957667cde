import type { Db } from "@/lib/db/client";
import type { Clock } from "@/lib/limiters/clock";

export type Role = "learner" | "instructor";

/**
 * Who is asking, as resolved on the server from the session cookie. Store functions take a Viewer
 * and scope every query to `viewer.userId`; an id that arrives from the client is only ever looked
 * up together with it, so another learner's row is indistinguishable from a missing one.
 */
export interface Viewer {
  userId: string;
  role: Role;
  anonymous: boolean;
}

/** What the store functions run against: a database and the time. */
export interface StoreDeps {
  db: Db;
  clock: Clock;
}

export function nowFrom(clock: Clock): Date {
  return new Date(clock.now());
}

export function toRole(value: unknown): Role {
  return value === "instructor" ? "instructor" : "learner";
}
