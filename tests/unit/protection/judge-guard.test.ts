import { describe, expect, test } from "vitest";
import type { HttpProblem } from "@/lib/http/problem";
import { ManualClock } from "@/lib/limiters";
import { JudgeAdmission } from "@/lib/protection/judge-admission";
import { ManualTimers } from "@/lib/time/timers";
import { JudgeGuard, type JudgedDocument, type Lane } from "@/lib/protection/judge-guard";
import { refusalOf, refusalProblem } from "@/lib/protection/judge-refusal";

const HARD_KILL = { verdict: "time_limit_exceeded", resources: { wallMs: 2_200 } };
const ACCEPTED = { verdict: "accepted", resources: { wallMs: 40 } };

function setup() {
  const clock = new ManualClock(1_000_000);
  const time = new ManualTimers();
  const admission = () =>
    new JudgeAdmission({
      concurrency: 1,
      maxQueued: 8,
      maxWaitMs: 60_000,
      clock: time,
      timers: time,
    });
  const guard = new JudgeGuard({
    clock,
    main: admission(),
    probation: admission(),
    maxActivePerLearner: 2,
    maxActivePerIp: 3,
    cooldownMs: 15_000,
    maxCooldownMs: 300_000,
    windowMs: 600_000,
    ipStrikes: 3,
    hardKillMs: 1_850,
  });
  const lanes: Lane[] = [];
  const judge =
    (document: JudgedDocument = ACCEPTED) =>
    async (lane: Lane) => {
      lanes.push(lane);
      return document;
    };
  return { clock, guard, lanes, judge };
}

// The guard's refusals as the routes answer them (lib/protection/judge-refusal.ts).
async function problemOf(promise: Promise<unknown>): Promise<HttpProblem> {
  try {
    await promise;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusalProblem(refusal);
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the judge guard", () => {
  test("judging needs a session", async () => {
    const { guard, judge } = setup();
    const problem = await problemOf(guard.run({ learner: null, ip: "203.0.113.1" }, judge()));
    expect(problem.status).toBe(401);
  });

  test("a new learner is judged in the probation lane until a judge of theirs ends cleanly", async () => {
    const { guard, judge, lanes } = setup();
    const ada = { learner: "ada", ip: "203.0.113.1" };
    await guard.run(ada, judge());
    await guard.run(ada, judge());
    expect(lanes).toEqual(["probation", "main"]);
  });

  test("a hard-killed judge costs its learner a cooldown that doubles, and probation for a while", async () => {
    const { guard, judge, lanes, clock } = setup();
    const eve = { learner: "eve", ip: "198.51.100.9" };
    await guard.run(eve, judge());
    await guard.run(eve, judge(HARD_KILL));
    const paused = await problemOf(guard.run(eve, judge()));
    expect(paused.status).toBe(429);
    expect(paused.headers).toEqual({ "retry-after": "15" });
    expect(paused.detail).toMatch(/paused for you for 15 s/);

    clock.advance(15_000);
    await guard.run(eve, judge(HARD_KILL));
    expect((await problemOf(guard.run(eve, judge()))).headers).toEqual({ "retry-after": "30" });
    clock.advance(30_000);
    await guard.run(eve, judge());
    // Clean since, but the incidents are recent: still probation.
    await guard.run(eve, judge());
    expect(lanes).toEqual(["probation", "main", "probation", "probation", "probation"]);
    // Forgiven once the window has passed.
    clock.advance(600_000);
    await guard.run(eve, judge());
    expect(lanes.at(-1)).toBe("main");
  });

  test("an address whose sessions keep getting killed cools down as a whole", async () => {
    const { guard, judge, clock } = setup();
    const ip = "198.51.100.20";
    for (const learner of ["s1", "s2", "s3"]) {
      await guard.run({ learner, ip }, judge(HARD_KILL));
    }
    // A fresh session from the same address buys nothing.
    const problem = await problemOf(guard.run({ learner: "s4", ip }, judge()));
    expect(problem.status).toBe(429);
    expect(problem.detail).toMatch(/for your network address/);
    // Another address is not affected.
    await expect(guard.run({ learner: "s5", ip: "192.0.2.5" }, judge())).resolves.toEqual(ACCEPTED);
    clock.advance(15_000);
    await expect(guard.run({ learner: "s4", ip }, judge())).resolves.toEqual(ACCEPTED);
  });

  test("a quick time-limit verdict (stopped inside the sandbox) and a wrong answer cost nothing", async () => {
    const { guard, judge } = setup();
    const ada = { learner: "ada", ip: "203.0.113.1" };
    await guard.run(ada, judge({ verdict: "time_limit_exceeded", resources: { wallMs: 1_300 } }));
    await guard.run(ada, judge({ verdict: "wrong_answer", resources: { wallMs: 30 } }));
    await expect(guard.run(ada, judge())).resolves.toEqual(ACCEPTED);
    expect(guard.isIncident({ verdict: "memory_limit_exceeded", resources: { wallMs: 5 } })).toBe(
      true,
    );
    // A busy machine: long in wall time, short in CPU time. The pool kills on CPU time.
    const slowWall = { verdict: "time_limit_exceeded", resources: { wallMs: 2_600, cpuMs: 1_300 } };
    expect(guard.isIncident(slowWall)).toBe(false);
    const killed = { verdict: "time_limit_exceeded", resources: { wallMs: 2_300, cpuMs: 2_200 } };
    expect(guard.isIncident(killed)).toBe(true);
  });

  test("one learner, and one address, may have only so many judges under way", async () => {
    const { guard } = setup();
    const release: (() => void)[] = [];
    const slow = async () => {
      await new Promise<void>((resolve) => release.push(resolve));
      return ACCEPTED;
    };
    const ip = "203.0.113.50";
    const first = guard.run({ learner: "ada", ip }, slow);
    const second = guard.run({ learner: "ada", ip }, slow);
    const third = await problemOf(guard.run({ learner: "ada", ip }, slow));
    expect(third.status).toBe(429);
    expect(third.title).toBe("Too many judges at once");
    const fourth = guard.run({ learner: "bob", ip }, slow);
    expect((await problemOf(guard.run({ learner: "cy", ip }, slow))).status).toBe(429);
    while (release.length < 1) await new Promise((resolve) => setTimeout(resolve, 1));
    for (let i = 0; i < 3; i++) {
      while (release.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      release.shift()!();
    }
    await Promise.all([first, second, fourth]);
    await expect(guard.run({ learner: "cy", ip }, async () => ACCEPTED)).resolves.toEqual(ACCEPTED);
  });
});
