import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * The application's SQLite adapter: @prisma/adapter-better-sqlite3 plus the connection settings it
 * has no option for (docs/decisions/032-sqlite-runtime.md): WAL (readers never block the writer,
 * and a killed process leaves a database that opens cleanly), FULL sync (a commit is on disk before
 * it is acknowledged), a busy timeout for other processes on the same file (`npm run
 * user:promote` while the server runs), and foreign keys for the cascades.
 */
export class SqliteAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSQLite3;

  constructor(path: string) {
    this.#inner = new PrismaBetterSQLite3({ url: path, timeout: 5_000 });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    await adapter.executeScript(SQLITE_PRAGMAS);
    return adapter;
  }
}

const SQLITE_PRAGMAS =
  "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;";
