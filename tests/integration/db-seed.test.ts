import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createAuth } from "@/lib/auth/auth";
import { ManualWallClock } from "@/lib/time/wall-clock";
import { progressOverview } from "@/lib/progress/account";
import { DEMO_USERS, isDatabaseEmpty, seedDemoData } from "@/lib/progress/demo-data";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";

// The demo data `npm start` puts into an empty database, and `npm run user:promote`.

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createSqliteTestDb();
});
afterAll(async () => testDb?.cleanup());

const auth = () =>
  createAuth({ db: testDb.db, provider: "sqlite", secret: "x".repeat(32), secureCookies: false });

test("seeding creates a demo instructor and a learner with history, once", async () => {
  const deps = { db: testDb.db, clock: new ManualWallClock(Date.UTC(2026, 0, 1)) };
  expect(await isDatabaseEmpty(deps)).toBe(true);
  expect(await seedDemoData(deps, auth())).toEqual([
    DEMO_USERS.instructor.email,
    DEMO_USERS.learner.email,
  ]);
  expect(await seedDemoData(deps, auth())).toEqual([]);

  const users = await testDb.db.user.findMany({
    orderBy: { email: "asc" },
    select: { email: true, role: true, id: true },
  });
  expect(users.map(({ email, role }) => ({ email, role }))).toEqual([
    { email: DEMO_USERS.instructor.email, role: "instructor" },
    { email: DEMO_USERS.learner.email, role: "learner" },
  ]);
  const learner = users[1]!;
  const overview = await progressOverview(deps, {
    userId: learner.id,
    role: "learner",
    anonymous: false,
  });
  expect(overview.counts).toMatchObject({
    sectionsRead: 3,
    submissions: 2,
    exercisesSolved: 1,
    drafts: 1,
  });

  const signIn = await auth().api.signInEmail({
    body: { email: DEMO_USERS.learner.email, password: DEMO_USERS.learner.password },
  });
  expect(signIn.user.email).toBe(DEMO_USERS.learner.email);
});

test("user:promote makes an account an instructor and refuses an unknown email", async () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "lib/cli/user-promote.ts", ...args], {
      env: { ...process.env, DATABASE_URL: testDb.url },
      encoding: "utf8",
    });
  const promoted = run(DEMO_USERS.learner.email);
  expect(promoted.status, promoted.stderr).toBe(0);
  expect(promoted.stdout).toMatch(/now an instructor/);
  expect(run("nobody@example.com").status).toBe(1);
  expect(run("not-an-email").status).toBe(2);
  const user = await testDb.db.user.findUnique({ where: { email: DEMO_USERS.learner.email } });
  expect(user?.role).toBe("instructor");
});
