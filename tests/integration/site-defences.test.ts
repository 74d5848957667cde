import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { MAX_RESULTS_BYTES } from "@/lib/judge/results-bounds";
import { useAppDatabase } from "../fixtures/app";
import { createSqliteTestDb, type TestDb } from "../fixtures/db";
import { CookieJar, ORIGIN, params, request } from "../fixtures/http";
import { sprayedForwardedHeaders } from "../fixtures/requests/forwarded-spray";
import { hugeBody } from "../fixtures/requests/huge-bodies";
import {
  DRAFT_WITH_LONE_SURROGATE,
  SIGN_UP_WITH_LONE_SURROGATE,
  SUBMISSION_WITH_LONE_SURROGATE,
} from "../fixtures/requests/ill-formed-text";
import {
  COMMON_PASSWORD,
  KEYBOARD_PASSWORD,
  PERSONAL_PASSWORD,
  SHORT_PASSWORD,
} from "../fixtures/requests/passwords";

// Issue 12, the site half, through the real route handlers (better-auth and the protection gate
// included): what a hostile client sends is refused, and a stranger cannot lock an owner out.

const SOCKET = "x-tradeoff-socket-address";

let testDb: TestDb;
let app: { release(): Promise<void> };
let routes: Awaited<ReturnType<typeof loadRoutes>>;

async function loadRoutes() {
  return {
    auth: await import("@/app/api/auth/[...all]/route"),
    draft: await import("@/app/api/drafts/[exerciseId]/route"),
    submit: await import("@/app/api/judge/submit/route"),
  };
}

beforeAll(async () => {
  testDb = await createSqliteTestDb();
  app = useAppDatabase(testDb);
  // Refusals are expected here; the tarpit would only make the test slower.
  vi.stubEnv("RATE_LIMIT_TARPIT_MS", "0");
  routes = await loadRoutes();
});

afterAll(async () => {
  const { closeProtection } = await import("@/lib/protection/app-protection");
  await closeProtection();
  await app?.release();
  await testDb?.cleanup();
});

/** A POST to better-auth from the socket address `ip`. */
function auth(path: string, json: unknown, ip: string, headers: Record<string, string> = {}) {
  return routes.auth.POST(
    request("POST", `/api/auth/${path}`, { json, headers: { [SOCKET]: ip, ...headers } }),
  );
}

async function message(response: Response): Promise<string> {
  const body = (await response.json()) as { message?: string; detail?: string };
  return body.message ?? body.detail ?? "";
}

describe("passwords", () => {
  test("a short or common password is refused with the reason; a good one is accepted", async () => {
    const ip = "192.0.2.1";
    const short = await auth(
      "sign-up/email",
      { email: "a@example.com", password: SHORT_PASSWORD.password, name: "A" },
      ip,
    );
    expect(short.status).toBe(400);
    expect(await message(short)).toMatch(SHORT_PASSWORD.reason);

    const common = await auth(
      "sign-up/email",
      { email: "a@example.com", password: COMMON_PASSWORD.password, name: "A" },
      ip,
    );
    expect(common.status).toBe(400);
    expect(await message(common)).toMatch(COMMON_PASSWORD.reason);

    const own = await auth("sign-up/email", PERSONAL_PASSWORD, ip);
    expect(own.status).toBe(400);

    const good = await auth(
      "sign-up/email",
      { email: "a@example.com", password: "copper kettle mountain", name: "A" },
      ip,
    );
    expect(good.status).toBe(200);
  });

  test("changing to a weak password is refused with the reason", async () => {
    const jar = new CookieJar();
    const ip = "192.0.2.2";
    jar.store(
      await auth(
        "sign-up/email",
        { email: "b@example.com", password: "violet harbour lantern", name: "B" },
        ip,
      ),
    );
    const change = (newPassword: string) =>
      routes.auth.POST(
        request("POST", "/api/auth/change-password", {
          jar,
          json: { currentPassword: "violet harbour lantern", newPassword },
          headers: { [SOCKET]: ip },
        }),
      );
    const weak = await change(KEYBOARD_PASSWORD.password);
    expect(weak.status).toBe(400);
    expect(await message(weak)).toMatch(KEYBOARD_PASSWORD.reason);
    expect((await change("seven silver otters")).status).toBe(200);
  });
});

describe("sign-in limits", () => {
  test("a stranger's failed sign-ins exhaust only their own address's share, not the owner's access", async () => {
    const owner = "192.0.2.10";
    const stranger = "198.51.100.66";
    const email = "owner@example.com";
    const password = "amber window satellite";
    expect((await auth("sign-up/email", { email, password, name: "O" }, owner)).status).toBe(200);

    const strangers: number[] = [];
    for (let i = 0; i < 12; i++) {
      strangers.push(
        (await auth("sign-in/email", { email, password: `guess number ${i}` }, stranger)).status,
      );
    }
    expect(strangers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(strangers.at(-1)).toBe(429);
    const refused = await auth("sign-in/email", { email, password }, stranger);
    expect(refused.status).toBe(429);
    expect(await message(refused)).toMatch(/per account and network address/);

    // The finding: 9 failed sign-ins from anywhere locked the owner out. Now the owner gets in.
    expect((await auth("sign-in/email", { email, password }, owner)).status).toBe(200);
  }, 60_000);

  test("an owner who signs in again and again is never refused: only failed sign-ins count", async () => {
    const ip = "192.0.2.20";
    const email = "regular@example.com";
    const password = "copper lantern orchard";
    expect((await auth("sign-up/email", { email, password, name: "R" }, ip)).status).toBe(200);
    const statuses: number[] = [];
    // More than the 10 attempts per pair the old buckets allowed (the sign-up was one of them).
    for (let i = 0; i < 11; i++) {
      statuses.push((await auth("sign-in/email", { email, password }, ip)).status);
    }
    expect(statuses).toEqual(Array(11).fill(200));
    // A typo or two in between change nothing.
    for (let i = 0; i < 2; i++) {
      expect((await auth("sign-in/email", { email, password: `typo ${i}` }, ip)).status).toBe(401);
    }
    expect((await auth("sign-in/email", { email, password }, ip)).status).toBe(200);
  }, 60_000);

  test("a random X-Forwarded-For per request no longer buys fresh address buckets", async () => {
    // All at once: the bucket decides them within milliseconds, before any refill on a slow machine.
    const statuses = await Promise.all(
      Array.from({ length: 36 }, async (_, i) => {
        const response = await auth(
          "sign-in/email",
          { email: `spray${i}@example.com`, password: "not the password" },
          "203.0.113.77",
          sprayedForwardedHeaders(i),
        );
        return response.status;
      }),
    );
    // The IP bucket (30 at once) is the socket's: the spray is refused past it.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  }, 90_000);
});

describe("the judge's caps per address", () => {
  test("a random X-Forwarded-For per Submit does not buy fresh per-address judge caps", async () => {
    const { judgeGuard } = await import("@/lib/protection/guarded-judge");
    const address = "203.0.113.88";
    // Six sessions of the client's own, made first so that the Submits below take no time.
    const jars = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const jar = new CookieJar();
        jar.store(await auth("sign-in/anonymous", {}, address));
        return jar;
      }),
    );
    // The socket address's share (4 judges under way), held by four sessions of its own.
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (finish = resolve));
    const holders = [1, 2, 3, 4].map((n) =>
      judgeGuard()
        .run({ learner: `spray-holder-${n}`, ip: address }, async () => {
          await running;
          return { verdict: "accepted" };
        })
        .catch((error: unknown) => error),
    );
    try {
      // Each from another session and claiming another address: the finding's client, which a
      // server reading X-Forwarded-For took for six new requesters.
      const answers = await Promise.all(
        jars.map((jar, i) =>
          routes.submit.POST(
            request("POST", "/api/judge/submit", {
              jar,
              json: { exerciseId: "fixed-window", code: "export class FixedWindow {}" },
              headers: { [SOCKET]: address, ...sprayedForwardedHeaders(i) },
            }),
            undefined,
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(((await answer.json()) as { title: string }).title).toBe("Too many judges at once");
      }
    } finally {
      finish();
      await Promise.all(holders);
    }
  }, 60_000);
});

describe("sign-up and existing e-mail addresses", () => {
  test("sign-up says an address is taken (decision 115); sign-in never tells a wrong password from an unknown account", async () => {
    const ip = "192.0.2.20";
    const email = "taken@example.com";
    expect(
      (await auth("sign-up/email", { email, password: "orchid lighthouse ferry", name: "T" }, ip))
        .status,
    ).toBe(200);
    const again = await auth(
      "sign-up/email",
      { email, password: "another good passphrase", name: "T" },
      ip,
    );
    expect(again.status).toBe(422);
    expect(await message(again)).toMatch(/already exists/);

    const wrong = await auth("sign-in/email", { email, password: "not my password at all" }, ip);
    const unknown = await auth(
      "sign-in/email",
      { email: "nobody@example.com", password: "not my password at all" },
      ip,
    );
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await message(wrong)).toBe(await message(unknown));
  });
});

describe("bodies and text", () => {
  test("an auth body over 16 KB is a 413 before better-auth reads it", async () => {
    const response = await auth(
      "sign-in/email",
      { email: "x@example.com", password: "p".repeat(20_000) },
      "192.0.2.30",
    );
    expect(response.status).toBe(413);
  });

  test("a 200 MB draft, with its length or without one, is a 413 after at most the cap is read", async () => {
    for (const declared of [true, false]) {
      const body = hugeBody({ declared, chunkBytes: 64 * 1024 });
      const response = await routes.draft.PUT(
        new Request(`${ORIGIN}/api/drafts/fixed-window`, {
          method: "PUT",
          body: body.stream,
          headers: {
            host: "localhost:3000",
            origin: ORIGIN,
            "content-type": "application/json",
            [SOCKET]: "192.0.2.35",
            ...body.headers,
          },
          duplex: "half",
        } as RequestInit),
        params({ exerciseId: "fixed-window" }),
      );
      expect(response.status).toBe(413);
      // Declared: refused before reading (a stream's first pull may run); chunked: the 1 MB cap.
      expect(body.pulled()).toBeLessThanOrEqual(declared ? 64 * 1024 : 1024 * 1024 + 64 * 1024);
    }
  });

  test("a lone surrogate in a sign-up name is a 422 naming the field", async () => {
    const response = await routes.auth.POST(
      request("POST", "/api/auth/sign-up/email", {
        body: SIGN_UP_WITH_LONE_SURROGATE,
        headers: { [SOCKET]: "192.0.2.31", "content-type": "application/json" },
      }),
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      { field: "name", reason: expect.stringMatching(/lone UTF-16 surrogate/) },
    ]);
  });

  test("a lone surrogate in a draft is a 422 naming the field, not a 500", async () => {
    const jar = new CookieJar();
    const response = await routes.draft.PUT(
      request("PUT", "/api/drafts/fixed-window", {
        jar,
        body: DRAFT_WITH_LONE_SURROGATE,
        headers: { [SOCKET]: "192.0.2.32", "content-type": "application/json" },
      }),
      params({ exerciseId: "fixed-window" }),
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
      { field: "code", reason: expect.stringMatching(/lone UTF-16 surrogate/) },
    ]);
  });

  test("a lone surrogate in a submission is a 422, never a verdict that is silently not recorded", async () => {
    const response = await routes.submit.POST(
      request("POST", "/api/judge/submit", {
        body: SUBMISSION_WITH_LONE_SURROGATE,
        headers: { [SOCKET]: "192.0.2.33", "content-type": "application/json" },
      }),
      undefined,
    );
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(
      "code",
    );
  });

  test("a submission that registers 9,000 tests of its own is judged on the exercise's plan and recorded", async () => {
    // The finding: 9,000 small tests made a 12.7 MB results document, which the database refused,
    // so the verdict was shown and the submission silently not saved.
    const code = readFileSync("tests/fixtures/judge/hostile/forged-plan-many-small.ts", "utf8");
    const jar = new CookieJar();
    const response = await routes.submit.POST(
      request("POST", "/api/judge/submit", {
        jar,
        json: { exerciseId: "fixed-window", code },
        headers: { [SOCKET]: "192.0.2.34" },
      }),
      undefined,
    );
    const text = await response.text();
    expect(response.status, text.slice(0, 500)).toBe(200);
    expect(response.headers.get("tradeoff-recorded")).toBe("true");
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(MAX_RESULTS_BYTES);
    const document = JSON.parse(text) as { verdict: string; tests: { name: string }[] };
    expect(document.verdict).toBe("wrong_answer");
    expect(document.tests.some((t) => t.name.startsWith("small "))).toBe(false);
  }, 120_000);
});
