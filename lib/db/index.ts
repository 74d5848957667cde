import { env } from "@/lib/env";
import { createDb, type Db } from "./client";

export type { Db } from "./client";
export { createDb } from "./client";
export { databaseTarget, type DatabaseProvider, type DatabaseTarget } from "./target";

const cache = globalThis as typeof globalThis & { __tradeoffDb?: Db };

/**
 * The application's database client, created on first use from DATABASE_URL. Kept on globalThis
 * so `next dev`'s module reloads reuse one connection (one SQLite handle, one pg pool).
 */
export function getDb(): Db {
  cache.__tradeoffDb ??= createDb(env.DATABASE_URL);
  return cache.__tradeoffDb;
}
