import type { Auth } from "@/lib/auth/auth";
import { saveDraft } from "./drafts";
import { recordTrapAttempt } from "./practice";
import { markSectionRead } from "./sections";
import { recordSubmission } from "./submissions";
import type { Viewer } from "@/lib/auth/viewer";
import type { StoreDeps } from "./store-deps";

/** Local demo accounts (printed by `npm start`); never seeded into PostgreSQL unless asked. */
export const DEMO_USERS = {
  instructor: {
    email: "instructor@example.com",
    password: "tradeoff-instructor",
    name: "Demo Instructor",
  },
  learner: { email: "learner@example.com", password: "tradeoff-learner", name: "Demo Learner" },
} as const;

const LESSON = { course: "system-design", lesson: "rate-limiter" } as const;

const results = (verdict: string, statuses: readonly string[]) => ({
  version: 3,
  status: verdict === "accepted" ? "pass" : "fail",
  verdict,
  tests: statuses.map((status, i) => ({ name: `test ${i + 1}`, status, hidden: false })),
});

export async function isDatabaseEmpty(deps: StoreDeps): Promise<boolean> {
  return (await deps.db.user.count()) === 0;
}

/**
 * The demo instructor and a demo learner with some history. Idempotent: an account that already
 * exists is left as it is. Passwords go through better-auth (its hasher), never our own code.
 */
export async function seedDemoData(deps: StoreDeps, auth: Auth): Promise<string[]> {
  const created: string[] = [];
  for (const [role, user] of Object.entries(DEMO_USERS)) {
    if (await deps.db.user.findUnique({ where: { email: user.email } })) continue;
    const { user: row } = await auth.api.signUpEmail({
      body: { email: user.email, password: user.password, name: user.name },
    });
    await deps.db.user.update({ where: { id: row.id }, data: { role } });
    created.push(user.email);
    if (role === "learner")
      await learnerHistory(deps, { userId: row.id, role: "learner", anonymous: false });
  }
  return created;
}

async function learnerHistory(deps: StoreDeps, viewer: Viewer): Promise<void> {
  for (const section of ["answer", "understand", "reference"]) {
    await markSectionRead(deps, viewer, { ...LESSON, section });
  }
  await recordSubmission(deps, viewer, {
    exerciseId: "fixed-window",
    code: "// first try: forgot to reset the counter\n",
    results: results("wrong_answer", ["pass", "fail", "fail"]),
  });
  await recordSubmission(deps, viewer, {
    exerciseId: "fixed-window",
    code: "// aligned windows, count < limit\n",
    results: results("accepted", ["pass", "pass", "pass"]),
  });
  await saveDraft(
    deps,
    viewer,
    "token-bucket",
    "// work in progress\nexport class TokenBucket {}\n",
  );
  await recordTrapAttempt(deps, viewer, {
    ...LESSON,
    trap: "increment-then-check",
    kind: "predict",
    answer: "101",
    correct: false,
  });
}
