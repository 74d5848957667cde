import { env } from "@/lib/env";
import { createDb, type Db } from "./client";

const cache = globalThis as typeof globalThis & { __tradeoffDb?: Db };

/**
 * The application's database client, created on first use from DATABASE_URL. Kept on globalThis
 * so `next dev`'s module reloads reuse one connection (one SQLite handle, one pg pool).
 */
export function getDb(): Db {
  cache.__tradeoffDb ??= createDb(env.DATABASE_URL);
  return cache.__tradeoffDb;
}
