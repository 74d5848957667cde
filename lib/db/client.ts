import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { SqliteAdapterFactory } from "./sqlite-adapter";
import { databaseTarget, poolConfigFromUrl, sqlitePath } from "./target";

/**
 * The Prisma client for either database. Both generated clients come from the same models
 * (prisma/models.prisma) with only provider-neutral types, so their model APIs are identical; the
 * SQLite client's type stands for both (docs/decisions/030-prisma-two-providers.md).
 */
export type Db = SqliteClient;

export function createDb(url: string): Db {
  const target = databaseTarget(url);
  if (target.provider === "sqlite") {
    return new SqliteClient({ adapter: new SqliteAdapterFactory(sqlitePath(target.url)) });
  }
  const adapter = new PrismaPg({ ...poolConfigFromUrl(target.url), max: 10 });
  return new PostgresClient({ adapter }) as unknown as Db;
}
