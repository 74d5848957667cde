// The database: a client for any DATABASE_URL (client.ts) and the application's own (app-db.ts).
export type { Db } from "./client";
export { createDb } from "./client";
export { databaseTarget, type DatabaseProvider, type DatabaseTarget } from "./target";
export { getDb } from "./app-db";
