import { describe, expect, test } from "vitest";
import { JudgeBusyError } from "@/lib/protection/judge-admission";
import { JudgeGuard, type JudgedDocument } from "@/lib/protection/judge-guard";
import { JudgeAdmission } from "@/lib/protection/judge-admission";
import { probationAdmission } from "@/lib/protection/probation-lane";
import { ManualTimers } from "@/lib/time/timers";

// The probation lane under a many-address attack (decision 420): hostile fresh sessions from many
// addresses fill it with judges that only the hard kill stops, and a newcomer's first judge must
// still be served.

const HARD_KILL: JudgedDocument = {
  verdict: "time_limit_exceeded",
  resources: { cpuMs: 2_200, wallMs: 2_200 },
};
const ACCEPTED: JudgedDocument = { verdict: "accepted", resources: { cpuMs: 40, wallMs: 50 } };

// Lets settled promises run their callbacks; no time passes on the manual clock meanwhile.
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** The guard as the server wires it (guarded-judge.ts), on a manual clock. */
function lanes() {
  const time = new ManualTimers(1_000_000);
  const guard = new JudgeGuard({
    clock: time,
    main: new JudgeAdmission({
      concurrency: 1,
      maxQueued: 8,
      maxWaitMs: 3_000,
      maxQueuedPerOwner: 2,
      clock: time,
      timers: time,
    }),
    probation: probationAdmission({
      concurrency: 1,
      maxWaitMs: 3_000,
      hardKillMs: 2_200,
      perAddress: 4,
      clock: time,
      timers: time,
    }),
    maxActivePerLearner: 2,
    maxActivePerIp: 4,
    cooldownMs: 15_000,
    maxCooldownMs: 300_000,
    windowMs: 600_000,
    ipStrikes: 3,
    hardKillMs: 1_850,
  });
  /** A judge that takes `ms` of the lane's worker, then returns `document`. */
  const judge = (ms: number, document: JudgedDocument) => async () => {
    await new Promise((resolve) => time.setTimeout(() => resolve(undefined), ms));
    return document;
  };
  /** Moves time on in small steps, letting each judge that starts set its own timer. */
  const run = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += 50) {
      time.advance(50);
      await tick();
    }
  };
  return { guard, judge, run };
}

describe("the probation lane", () => {
  test("a newcomer's first judge is served while hostile sessions from many addresses fill the lane", async () => {
    const { guard, judge, run } = lanes();
    const hostile: Promise<unknown>[] = [];
    // Ten addresses, four fresh sessions each (the address's cap): 40 hard kills asked at once.
    // Each holds the worker 3.2 s: the hard kill's 2.2 s, then its replacement's warm-up.
    for (let address = 1; address <= 10; address++) {
      for (let session = 1; session <= 4; session++) {
        const requester = { learner: `h${address}-${session}`, ip: `198.51.100.${address}` };
        hostile.push(guard.run(requester, judge(3_200, HARD_KILL)).catch((error) => error));
      }
    }
    // The newcomer comes just after the first of them took the worker.
    await run(100);
    const newcomer = guard
      .run({ learner: "newcomer", ip: "192.0.2.77" }, judge(50, ACCEPTED))
      .catch((error: unknown) => error);
    await run(6_000);
    // The finding: 503 (the lane's queue full, or a wait past the limit behind the hard kills).
    expect(await newcomer).toEqual(ACCEPTED);
    await run(6_000);
    const refused = (await Promise.all(hostile)).filter((r) => r instanceof JudgeBusyError);
    expect(refused.length).toBeGreaterThan(0);
  });

  test("one address's fresh sessions wait behind each other, not in front of another address", async () => {
    const { guard, judge, run } = lanes();
    const order: string[] = [];
    const noted = (name: string) => async () => {
      order.push(name);
      return judge(2_200, HARD_KILL)();
    };
    const all = [1, 2, 3, 4].map((n) =>
      guard.run({ learner: `s${n}`, ip: "198.51.100.50" }, noted(`busy ${n}`)).catch(() => null),
    );
    await run(100);
    all.push(guard.run({ learner: "other", ip: "203.0.113.9" }, noted("other")).catch(() => null));
    await run(12_000);
    await Promise.all(all);
    expect(order.slice(0, 2)).toEqual(["busy 1", "other"]);
  });
});
