import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { poolConfigFromUrl, type DatabaseTarget } from "./target";

/*
 * The driver adapters Prisma Migrate runs on (prisma.config.ts, `engine: "js"`), with the fixes for
 * the upstream bugs we met on Prisma 6.19.3's WASM schema engine. Each fix is numbered as in
 * docs/decisions/031-offline-migrations.md; tests/integration/db-prisma-cli.test.ts runs generate,
 * deploy, dev, status and reset on both databases so an upgrade that breaks one of them is caught.
 * The application's own client does not use this module (lib/db/client.ts).
 */

export function createMigrateAdapter(
  target: DatabaseTarget,
): SqlMigrationAwareDriverAdapterFactory {
  unrefTimers();
  return target.provider === "sqlite"
    ? sqliteMigrateAdapter(target.url)
    : postgresMigrateAdapter(target.url);
}

// ---------------------------------------------------------------------------------------------
// SQLite
// ---------------------------------------------------------------------------------------------

function sqliteMigrateAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  const inner = new PrismaBetterSQLite3({ url });
  return {
    provider: "sqlite",
    adapterName: inner.adapterName,
    connect: async () => sqliteConnection(await inner.connect()),
    connectToShadowDb: async () => sqliteConnection(await inner.connectToShadowDb()),
  };
}

function sqliteConnection(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const runScript = async (query: SqlQuery, error: unknown): Promise<void> => {
    // Fix 1: the engine replays a whole migration file through one executeRaw when it builds the
    // shadow database; better-sqlite3 prepares one statement at a time and throws a RangeError
    // that surfaces as P3006 "External error id#0". A script without parameters is safe to exec.
    if (!(error instanceof RangeError) || query.args.length > 0) throw error;
    if (!/more than one statement/.test(error.message)) throw error;
    await adapter.executeScript(query.sql);
  };
  return wrapQueryable(adapter, {
    async executeRaw(query) {
      try {
        return await adapter.executeRaw(query);
      } catch (error) {
        await runScript(query, error);
        return 0;
      }
    },
    async executeScript(script) {
      // Fix 5: `migrate reset` on SQLite empties every table (one script of DELETE FROMs) and then
      // replays the migrations, whose CREATE TABLEs fail on the tables still there. The native
      // engine deletes the file instead; through an adapter we drop the tables, which is the same.
      if (/DELETE FROM _prisma_migrations;/.test(script)) {
        await emptySqliteSchema(adapter);
        return;
      }
      await adapter.executeScript(script);
    },
  });
}

/**
 * Drops every table but Prisma's migration table, which is emptied instead: once a migration has
 * used AUTOINCREMENT, SQLite keeps its internal sqlite_sequence table for good, and without
 * `_prisma_migrations` the engine would take that for a database it did not create (P3005).
 */
async function emptySqliteSchema(adapter: SqlDriverAdapter): Promise<void> {
  const tables = await adapter.queryRaw({
    sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    args: [],
    argTypes: [],
  });
  const names = tables.rows
    .map((row) => String(row[0]))
    .filter((name) => name !== "_prisma_migrations");
  const hasSequence = await adapter.queryRaw({
    sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'",
    args: [],
    argTypes: [],
  });
  await adapter.executeScript(
    [
      "PRAGMA foreign_keys = OFF;",
      ...names.map((name) => `DROP TABLE IF EXISTS "${name.replaceAll('"', '""')}";`),
      "DELETE FROM _prisma_migrations;",
      ...(hasSequence.rows.length > 0 ? ["DELETE FROM sqlite_sequence;"] : []),
      "PRAGMA foreign_keys = ON;",
    ].join("\n"),
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

function postgresMigrateAdapter(url: string): SqlMigrationAwareDriverAdapterFactory {
  // Fix 3: the adapter builds the shadow pool as {...config, database}, and pg lets a
  // connectionString win over `database`, so the "shadow" silently was the main database. Pass
  // the parts separately.
  const config = poolConfigFromUrl(url);
  // Fix 6: an idle pool keeps the CLI process alive after the command has printed its result.
  const poolConfig: pg.PoolConfig = { ...config, allowExitOnIdle: true };
  const inner = new PrismaPg(poolConfig);
  return {
    provider: "postgres",
    adapterName: inner.adapterName,
    connect: async () => postgresConnection(await inner.connect()),
    async connectToShadowDb() {
      // Fix 4: the adapter drops the shadow database while its own pool still holds a connection
      // to it ("database is being accessed by other users"). Create it, and drop it only after
      // the shadow pool has ended.
      const name = `prisma_shadow_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Pool({ ...poolConfig, max: 1 });
      await admin.query(`CREATE DATABASE "${name}"`);
      const shadow = await new PrismaPg({ ...poolConfig, database: name }).connect();
      return wrapQueryable(postgresConnection(shadow), {
        async dispose() {
          await shadow.dispose();
          await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
          await admin.end();
        },
      });
    },
  };
}

// Fix 2 (prisma/orm#27403): introspection selects catalog columns of types `"char"` (18), `name`
// (19) and `int2vector` (22), which the adapter cannot map ("Column type 'name' could not be
// deserialized"). pg already hands them over as strings, so report them as text.
const CATALOG_TEXT_OIDS = new Set([18, 19, 22]);
const TEXT_OID = 25;

function postgresConnection(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const driver = (adapter as unknown as { underlyingDriver(): pg.Pool }).underlyingDriver();
  patchFieldTypes(driver);
  return wrapQueryable(adapter, {
    // Fix 7: the adapter's executeScript splits a migration on every ";", which cuts a
    // dollar-quoted function body (a trigger's plpgsql) into pieces ("unterminated dollar-quoted
    // string"). PostgreSQL's simple-query protocol runs a whole script as sent.
    async executeScript(script) {
      await driver.query(script);
    },
  });
}

type QueryFn = (...args: unknown[]) => Promise<pg.QueryResult>;

function patchFieldTypes(pool: pg.Pool): void {
  const marked = pool as pg.Pool & { __catalogTypesPatched?: boolean };
  if (marked.__catalogTypesPatched) return;
  marked.__catalogTypesPatched = true;
  const patchQuery = (target: { query: QueryFn }) => {
    const original = target.query.bind(target);
    target.query = async (...args: unknown[]) => {
      const result = await original(...args);
      for (const field of result?.fields ?? []) {
        if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
      }
      return result;
    };
  };
  patchQuery(pool as unknown as { query: QueryFn });
  // Transactions run on a checked-out client rather than the pool.
  pool.on("connect", (client) => patchQuery(client as unknown as { query: QueryFn }));
}

// ---------------------------------------------------------------------------------------------
// Shared
// ---------------------------------------------------------------------------------------------

function wrapQueryable(
  adapter: SqlDriverAdapter,
  overrides: Partial<
    Pick<SqlDriverAdapter, "executeRaw" | "executeScript" | "queryRaw" | "dispose">
  >,
): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: overrides.queryRaw ?? ((q: SqlQuery): Promise<SqlResultSet> => adapter.queryRaw(q)),
    executeRaw: overrides.executeRaw ?? ((q: SqlQuery) => adapter.executeRaw(q)),
    executeScript: overrides.executeScript ?? ((s: string) => adapter.executeScript(s)),
    startTransaction: (level) => adapter.startTransaction(level),
    getConnectionInfo: adapter.getConnectionInfo?.bind(adapter),
    dispose: overrides.dispose ?? (() => adapter.dispose()),
  };
}

let timersUnrefed = false;
const WATCHDOG_MS = 10_000;

// Fix 6: after `migrate dev` has printed its result, a watchdog timer of about a minute armed by the
// WASM schema engine keeps the process alive until it fires. Long timers (>= 10 s) are timeouts,
// never a step of the work the CLI awaits, so they stop holding the process open; short ones keep
// their normal behaviour.
function unrefTimers(): void {
  if (timersUnrefed) return;
  timersUnrefed = true;
  const originalSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const timer = originalSetTimeout(...args);
    if (Number(args[1] ?? 0) >= WATCHDOG_MS) timer.unref?.();
    return timer;
  }) as typeof setTimeout;
}
