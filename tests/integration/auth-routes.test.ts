import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useAppDatabase } from "../fixtures/app";
import { createTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, params, request } from "../fixtures/http";

// The HTTP API end to end through its route handlers (better-auth included), on a fresh database
// of each provider: anonymous learners, sign-up merging, and that nobody reads anyone else's
// drafts or submissions.

let testDb: TestDb;
let routes: Awaited<ReturnType<typeof loadRoutes>>;

async function loadRoutes() {
  return {
    auth: await import("@/app/api/auth/[...all]/route"),
    sections: await import("@/app/api/progress/sections/route"),
    lesson: await import("@/app/api/progress/lessons/[course]/[lesson]/route"),
    draft: await import("@/app/api/drafts/[exerciseId]/route"),
    submissions: await import("@/app/api/submissions/route"),
    submission: await import("@/app/api/submissions/[id]/route"),
    me: await import("@/app/api/me/route"),
    exportMe: await import("@/app/api/me/export/route"),
    progress: await import("@/lib/progress/app-progress"),
    identity: await import("@/lib/auth"),
  };
}

async function putDraft(jar: CookieJar, exerciseId: string, code: string): Promise<Response> {
  return jar.store(
    await routes.draft.PUT(
      request("PUT", `/api/drafts/${exerciseId}`, { jar, json: { code } }),
      params({ exerciseId }),
    ),
  );
}

async function getDraft(jar: CookieJar, exerciseId: string): Promise<Response> {
  return jar.store(
    await routes.draft.GET(
      request("GET", `/api/drafts/${exerciseId}`, { jar }),
      params({ exerciseId }),
    ),
  );
}

async function signUp(jar: CookieJar, email: string, password: string): Promise<Response> {
  return jar.store(
    await routes.auth.POST(
      request("POST", "/api/auth/sign-up/email", { jar, json: { email, password, name: "Ada" } }),
    ),
  );
}

async function signIn(jar: CookieJar, email: string, password: string): Promise<Response> {
  return jar.store(
    await routes.auth.POST(
      request("POST", "/api/auth/sign-in/email", { jar, json: { email, password } }),
    ),
  );
}

async function submit(jar: CookieJar, exerciseId: string, verdict: string): Promise<string> {
  const { viewer } = await routes.identity.requireLearner(new Headers({ cookie: jar.header() }));
  const summary = await routes.progress.recordSubmission(viewer, {
    exerciseId,
    code: `// ${verdict}`,
    results: { verdict, tests: [{ status: verdict === "accepted" ? "pass" : "fail" }] },
  });
  return summary.id;
}

describe.each(["sqlite", "postgres"] as const)(
  "accounts and progress over HTTP on %s",
  (provider) => {
    let app: { release(): Promise<void> } | undefined;

    beforeAll(async () => {
      testDb = await createTestDb(provider);
      app = useAppDatabase(testDb);
      routes = await loadRoutes();
    });

    afterAll(async () => {
      await app?.release();
      await testDb?.cleanup();
    });

    const ada = new CookieJar();
    const eve = new CookieJar();
    let adaSubmission = "";

    test("the first write creates an anonymous learner and its cookie; a read of nothing is empty", async () => {
      const before = await getDraft(ada, "fixed-window");
      expect(before.status).toBe(204);
      expect(ada.size).toBe(0);

      const saved = await putDraft(ada, "fixed-window", "class FixedWindow {}");
      expect(saved.status).toBe(200);
      const cookie = saved.headers.getSetCookie().join("\n");
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);

      const read = await routes.sections.POST(
        request("POST", "/api/progress/sections", {
          jar: ada,
          json: { course: "system-design", lesson: "rate-limiter", section: "answer" },
        }),
        undefined,
      );
      expect(read.status).toBe(200);

      const me = await (
        await routes.me.GET(request("GET", "/api/me", { jar: ada }), undefined)
      ).json();
      expect(me.viewer).toMatchObject({ role: "learner", anonymous: true });
      expect(me.counts).toMatchObject({ sectionsRead: 1, drafts: 1 });
    });

    test("another learner gets no draft, a 404 for my submission and an empty list of my submissions", async () => {
      adaSubmission = await submit(ada, "fixed-window", "wrong_answer");
      await putDraft(eve, "token-bucket", "eve's code");

      expect((await getDraft(eve, "fixed-window")).status).toBe(204);
      const theirs = await routes.submission.GET(
        request("GET", `/api/submissions/${adaSubmission}`, { jar: eve }),
        params({ id: adaSubmission }),
      );
      expect(theirs.status).toBe(404);
      const missing = await routes.submission.GET(
        request("GET", "/api/submissions/doesnotexist0000000000", { jar: eve }),
        params({ id: "doesnotexist0000000000" }),
      );
      expect(await theirs.json()).toEqual(await missing.json());
      const list = await routes.submissions.GET(
        request("GET", "/api/submissions?exercise=fixed-window", { jar: eve }),
        undefined,
      );
      expect((await list.json()).submissions).toEqual([]);

      const mine = await routes.submission.GET(
        request("GET", `/api/submissions/${adaSubmission}`, { jar: ada }),
        params({ id: adaSubmission }),
      );
      expect(mine.status).toBe(200);
      expect((await mine.json()).code).toBe("// wrong_answer");
    });

    test("overwriting someone else's draft id writes my own draft and leaves theirs alone", async () => {
      await putDraft(eve, "fixed-window", "eve overwrites?");
      expect(await (await getDraft(ada, "fixed-window")).json()).toMatchObject({
        code: "class FixedWindow {}",
      });
    });

    test("signing up keeps everything done anonymously; a fresh browser signs in and finds it", async () => {
      const signedUp = await signUp(ada, "ada@example.com", "correct horse battery");
      expect(signedUp.status).toBe(200);
      const me = await (
        await routes.me.GET(request("GET", "/api/me", { jar: ada }), undefined)
      ).json();
      expect(me.viewer).toMatchObject({ anonymous: false, role: "learner" });
      expect(me.profile.email).toBe("ada@example.com");
      expect(me.counts).toMatchObject({ sectionsRead: 1, drafts: 1, submissions: 1 });

      const laptop = new CookieJar();
      expect((await signIn(laptop, "ada@example.com", "wrong password!")).status).toBe(401);
      expect((await signIn(laptop, "ada@example.com", "correct horse battery")).status).toBe(200);
      expect(await (await getDraft(laptop, "fixed-window")).json()).toMatchObject({
        code: "class FixedWindow {}",
      });
      const lesson = await routes.lesson.GET(
        request("GET", "/api/progress/lessons/system-design/rate-limiter", { jar: laptop }),
        params({ course: "system-design", lesson: "rate-limiter" }),
      );
      expect(await lesson.json()).toMatchObject({
        sectionsRead: ["answer"],
        exercises: { "fixed-window": { attempts: 1, bestVerdict: "wrong_answer", solved: false } },
      });
      const reopened = await routes.submission.GET(
        request("GET", `/api/submissions/${adaSubmission}`, { jar: laptop }),
        params({ id: adaSubmission }),
      );
      expect(reopened.status).toBe(200);
    });

    test("instructor-only checks refuse no session with 401 and a learner with 403", async () => {
      const anonymous = new Headers();
      await expect(routes.identity.requireInstructor(anonymous)).rejects.toMatchObject({
        status: 401,
      });
      await expect(
        routes.identity.requireInstructor(new Headers({ cookie: eve.header() })),
      ).rejects.toMatchObject({
        status: 401,
      });
      await expect(
        routes.identity.requireInstructor(new Headers({ cookie: ada.header() })),
      ).rejects.toMatchObject({
        status: 403,
      });
      await testDb.db.user.updateMany({
        where: { email: "ada@example.com" },
        data: { role: "instructor" },
      });
      await expect(
        routes.identity.requireInstructor(new Headers({ cookie: ada.header() })),
      ).resolves.toMatchObject({
        role: "instructor",
      });
    });

    test("a cross-site write is refused and nothing is saved", async () => {
      const response = await routes.draft.PUT(
        request("PUT", "/api/drafts/fixed-window", {
          jar: ada,
          json: { code: "evil" },
          headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        }),
        params({ exerciseId: "fixed-window" }),
      );
      expect(response.status).toBe(403);
      expect(await (await getDraft(ada, "fixed-window")).json()).toMatchObject({
        code: "class FixedWindow {}",
      });
    });

    test("export is a download of my data; deleting needs the password and removes everything", async () => {
      const exported = await routes.exportMe.GET(
        request("GET", "/api/me/export", { jar: ada }),
        undefined,
      );
      expect(exported.headers.get("content-disposition")).toMatch(/attachment/);
      const data = await exported.json();
      expect(data.drafts.map((d: { exerciseId: string }) => d.exerciseId)).toEqual([
        "fixed-window",
      ]);

      const wrong = await routes.me.DELETE(
        request("DELETE", "/api/me", {
          jar: ada,
          json: { confirm: "delete my account", password: "nope nope" },
        }),
        undefined,
      );
      expect(wrong.status).toBe(403);
      const deleted = await routes.me.DELETE(
        request("DELETE", "/api/me", {
          jar: ada,
          json: { confirm: "delete my account", password: "correct horse battery" },
        }),
        undefined,
      );
      expect(deleted.status).toBe(200);
      expect(await testDb.db.user.count({ where: { email: "ada@example.com" } })).toBe(0);
      expect(await testDb.db.submission.count({ where: { id: adaSubmission } })).toBe(0);
      const laptop = new CookieJar();
      expect((await signIn(laptop, "ada@example.com", "correct horse battery")).status).toBe(401);
    });
  },
);
