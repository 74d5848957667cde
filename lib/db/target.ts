import type pg from "pg";

/** The embedded default: a SQLite file in the data folder, relative to the working directory. */
export const DEFAULT_DATABASE_URL = "file:./data/tradeoff.db";

/** Which database a URL points at. One codebase serves both (docs/decisions/030-prisma-two-providers.md). */
export type DatabaseProvider = "sqlite" | "postgres";

export interface DatabaseTarget {
  provider: DatabaseProvider;
  /** `file:<path>` for SQLite (relative paths are relative to the working directory), else the postgres URL. */
  url: string;
}

export function databaseTarget(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { provider: "postgres", url };
  if (url.startsWith("file:")) return { provider: "sqlite", url };
  throw new RangeError(
    `DATABASE_URL must start with file: or postgres://, got "${url.slice(0, 20)}…"`,
  );
}

/** The SQLite file a `file:` URL names (better-sqlite3 takes a path, not a URL). */
export function sqlitePath(url: string): string {
  return url.replace(/^file:/, "").replace(/\?.*$/, "");
}

/** pg settings from a postgres URL, as separate parts (see fix 3 in migrate-adapter.ts). */
export function poolConfigFromUrl(url: string): pg.PoolConfig {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema");
  return {
    host: decodeURIComponent(parsed.hostname),
    port: parsed.port ? Number(parsed.port) : 5432,
    user: decodeURIComponent(parsed.username) || undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || undefined,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
}
