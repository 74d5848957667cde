import { spawn, type ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sqlitePath } from "@/lib/db/target";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";

// Nothing lost: 20 learners submit concurrently to a server process that is SIGKILLed mid-stream.
// Every submission the server acknowledged must be in the database afterwards, and the database
// must open cleanly (integrity check) — WAL + synchronous=FULL + one transaction per write.

const LEARNERS = 20;
const KILL_AFTER_ACKS = 300;

let testDb: TestDb;
let server: ChildProcess | undefined;

beforeAll(async () => {
  testDb = await createSqliteTestDb();
  for (let i = 0; i < LEARNERS; i++) {
    await testDb.db.user.create({
      data: { id: `learner-${i}`, name: `L${i}`, email: `l${i}@example.com` },
    });
  }
  // The server must be the only writer, as in production.
  await testDb.db.$disconnect();
});

afterAll(async () => {
  server?.kill("SIGKILL");
  await testDb?.cleanup();
});

function startServer(url: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/fixtures/progress-server.ts", url],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`server exited early with ${code}`)));
    child.stdout?.on("data", (data: Buffer) => {
      const match = /ready (\d+)/.exec(data.toString());
      if (match) resolve({ child, port: Number(match[1]) });
    });
  });
}

test("every acknowledged submission survives a SIGKILL of the server and the database opens cleanly", async () => {
  const started = await startServer(testDb.url);
  server = started.child;
  const exited = new Promise((resolve) => started.child.once("exit", resolve));
  const acknowledged: { id: string; code: string }[] = [];
  let killed = false;
  let failures = 0;

  const learner = async (index: number) => {
    for (let n = 0; !killed; n++) {
      const code = `// learner ${index} submission ${n}`;
      try {
        const response = await fetch(`http://127.0.0.1:${started.port}/submit`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-user": `learner-${index}` },
          body: JSON.stringify({
            exerciseId: "fixed-window",
            code,
            results: { verdict: "wrong_answer", tests: [{ status: "pass" }, { status: "fail" }] },
          }),
        });
        if (response.status !== 200) {
          failures++;
          continue;
        }
        const { id } = (await response.json()) as { id: string };
        acknowledged.push({ id, code });
        if (acknowledged.length >= KILL_AFTER_ACKS && !killed) {
          killed = true;
          started.child.kill("SIGKILL");
        }
      } catch {
        return; // the connection died with the server: this one was never acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: LEARNERS }, (_, i) => learner(i)));
  await exited;

  expect(failures).toBe(0);
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

  const db = new Database(sqlitePath(testDb.url));
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = db.prepare("SELECT id, code FROM submission").all() as {
      id: string;
      code: string;
    }[];
    const stored = new Map(rows.map((row) => [row.id, row.code]));
    const missing = acknowledged.filter((ack) => stored.get(ack.id) !== ack.code);
    expect(missing).toEqual([]);
    const learners = new Set(rows.map((row) => row.code.split(" ")[2]));
    expect(learners.size).toBe(LEARNERS);
  } finally {
    db.close();
  }
}, 60_000);
