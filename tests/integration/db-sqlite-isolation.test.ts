import { afterAll, beforeAll, expect, test } from "vitest";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";

// One SQLite connection is shared by every request: a plain write that arrives while another
// request's transaction is open must not become part of it (and vanish when it rolls back).
// Prisma's client holds it until the transaction ends (docs/decisions/032-sqlite-runtime.md).

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createSqliteTestDb();
  await testDb.db.user.create({ data: { id: "u", name: "u", email: "u@example.com" } });
});
afterAll(async () => testDb?.cleanup());

test("a write made during another transaction survives that transaction's rollback", async () => {
  const { db } = testDb;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  let inside!: () => void;
  const started = new Promise<void>((resolve) => (inside = resolve));

  const failing = db
    .$transaction(async (tx) => {
      await tx.draft.create({ data: { userId: "u", exerciseId: "rolled-back", code: "x" } });
      inside();
      await holding;
      throw new Error("roll back");
    })
    .catch((error: Error) => error.message);

  await started;
  const concurrent = db.$executeRawUnsafe(
    "INSERT INTO draft (id, userId, exerciseId, code, updatedAt) VALUES ('k', 'u', 'kept', 'y', '2026-01-01T00:00:00.000+00:00')",
  );
  // Give the plain write every chance to reach the connection while the transaction is open.
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  expect(await failing).toBe("roll back");
  await concurrent;

  const ids = (await db.draft.findMany({ select: { exerciseId: true } })).map((d) => d.exerciseId);
  expect(ids).toEqual(["kept"]);
});

test("the database runs in WAL mode with foreign keys on", async () => {
  const [mode] = await testDb.db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
  const [fk] =
    await testDb.db.$queryRawUnsafe<{ foreign_keys: bigint | number }[]>("PRAGMA foreign_keys");
  expect(mode?.journal_mode).toBe("wal");
  expect(Number(fk?.foreign_keys)).toBe(1);
});
