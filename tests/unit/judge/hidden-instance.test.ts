import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { loadExerciseForJudge } from "@/lib/content/exercises";
import { parseEnv } from "@/lib/env";
import { JudgePool } from "@/lib/judge";
import { judgeInSandbox } from "@/lib/judge/core";
import {
  ReferenceAnswerCache,
  judgeWithReferenceAnswers,
} from "@/lib/judge/core/reference-answers";
import { RelayLink } from "@/lib/judge/core/relay/relay-link";
import { Sandbox } from "@/lib/judge/core/sandbox";
import { judgeJob } from "@/lib/judge/judge-submission";
import { loadQuickJS, type LoadedQuickJS } from "@/lib/judge/node/load-quickjs";
import { openThreadCpuClock } from "@/lib/judge/node/thread-cpu";
import { WorkerSandbox } from "@/lib/judge/node/worker-sandbox";
import type { ResultsDocument } from "@/lib/judge/results";
import { countingCode, memoryHolds, probeCode, watchMemory } from "./memory-scan";

// Issue 12, decision 265: with the hidden suites and the reference in a second WebAssembly
// instance (H), the learner's instance (L) never holds their source, even while the hidden tests
// call the learner's code. The host scans L's whole linear memory each time learner code calls
// heapBytes(), and lends a fixture a simulated read-anywhere bug over L's memory.

const exercise = loadExerciseForJudge("fixed-window");
/** Only in tests.hidden.ts: how its busy minute is built. */
const HIDDEN_MARKER = "count: second % 7";
/** Only in tests.hidden.ts, compiled into its differential test: the setup's template. */
const HIDDEN_COMPILED = "new FixedWindow(${c.limit}";
/** Only in the reference solution: a comment inside its allow(). */
const REFERENCE_MARKER = "history is forgotten at the boundary";
let learner: LoadedQuickJS;
let hidden: LoadedQuickJS;
const clock = openThreadCpuClock();
const learnerHolds = (marker: string) => memoryHolds(learner.memory, marker);

interface Scan {
  inHiddenPhase: boolean;
  secrets: string[];
}
const scans: Scan[] = [];
/** What the simulated bug handed learner code during the hidden tests. */
const foundInHiddenPhase: string[] = [];
let watch: { restore(): void } | undefined;
const hiddenModules = new Set<unknown>();

beforeAll(async () => {
  learner = await loadQuickJS();
  hidden = await loadQuickJS();
  hiddenModules.add(hidden.quickjs);
  watch = watchMemory({
    onScan(sandbox, inHiddenPhase) {
      // Learner code never runs in a hidden instance; only this file's learner module is scanned.
      expect(hiddenModules.has(sandbox.quickjs)).toBe(false);
      if (sandbox.quickjs !== learner.quickjs) return;
      const secrets = [HIDDEN_MARKER, HIDDEN_COMPILED, REFERENCE_MARKER].filter(learnerHolds);
      scans.push({ inHiddenPhase, secrets });
    },
    searchable: (sandbox) => (sandbox.quickjs === learner.quickjs ? learner.memory : undefined),
    onFound(excerpts, inHiddenPhase) {
      if (inHiddenPhase) foundInHiddenPhase.push(...excerpts);
    },
  });
});

afterAll(() => watch?.restore());

/** A Submit judged with a fresh instance pair (the reference runs live: nothing is replayed). */
async function judge(code: string, id = exercise.id, isolated = true): Promise<ResultsDocument> {
  const ex = id === exercise.id ? exercise : loadExerciseForJudge(id);
  return judgeInSandbox({
    quickjs: learner.quickjs,
    ...(isolated ? { hiddenQuickjs: hidden.quickjs } : {}),
    ...judgeJob(ex, code, "submit"),
    ...(clock ? { cpuNow: () => clock.now(), cpuResolutionMs: clock.resolutionMs } : {}),
    // Scanning the memory takes host time: the safety nets must not mistake it for the learner's.
    limits: { testTimeMs: 5000, totalTimeMs: 20_000 },
  });
}

const comparable = (document: ResultsDocument) => ({ ...document, resources: {} });

describe("the hidden suites in their own instance", () => {
  test("no scan of the learner's memory finds either secret, in the hidden tests too", async () => {
    scans.length = 0;
    const passing = await judge(probeCode);
    expect(passing.verdict).toBe("accepted");
    const failing = await judge(countingCode);
    expect(failing.tests.find((t) => t.name.startsWith("random traces"))?.status).toBe("fail");
    // It looked, in the hidden tests as well, where one instance held the hidden suite.
    expect(scans.filter((s) => s.inHiddenPhase).length).toBeGreaterThan(100);
    expect(scans.filter((s) => s.secrets.length > 0)).toEqual([]);
  }, 120_000);

  test("a learner that could read any byte of its memory learns nothing in a hidden test", async () => {
    foundInHiddenPhase.length = 0;
    const code = fs.readFileSync(
      path.join(process.cwd(), "tests/fixtures/judge/hostile/heap-read-anywhere.ts"),
      "utf8",
    );
    const doc = await judge(code);
    expect(doc.verdict).toBe("accepted");
    // The search ran in the hidden tests and found its own class, never the suite's comparisons.
    expect(foundInHiddenPhase.some((e) => e.startsWith("class FixedWindow"))).toBe(true);
    const loot = foundInHiddenPhase.join("\n");
    for (const secret of [HIDDEN_MARKER, REFERENCE_MARKER, "expectSameAs(learner"])
      expect(loot).not.toContain(secret);
  }, 120_000);

  test.each([
    ["fixed-window", "a failure the reference is shrunk against", countingCode],
    ["distributed-token-bucket", "promises both ways through a shared store", undefined],
    ["http-answer", "a hidden test that calls the reference", undefined],
  ])(
    "%s (%s) gets the document one instance gives",
    async (id, _why, code) => {
      const source = code ?? loadExerciseForJudge(id).solution;
      const [one, two] = [await judge(source, id, false), await judge(source, id, true)];
      expect(comparable(two)).toEqual(comparable(one));
    },
    120_000,
  );
});

describe("the request loops run in the learner's instance (decision 410)", () => {
  test("a judge replaying the reference's answers crosses between the instances a few times a test, not once a request", async () => {
    const cache = new ReferenceAnswerCache();
    const replayed = async () => {
      const before = RelayLink.crossings;
      const document = await judgeWithReferenceAnswers(
        {
          quickjs: learner.quickjs,
          hiddenQuickjs: hidden.quickjs,
          ...judgeJob(exercise, exercise.solution, "submit"),
          limits: { testTimeMs: 5000, totalTimeMs: 20_000 },
        },
        cache,
      );
      return { document, crossings: RelayLink.crossings - before };
    };
    await replayed();
    const { document, crossings } = await replayed();
    expect(document.verdict).toBe("accepted");
    // A request a crossing (and its clock read another) was about 3,400; a loop a crossing, ~140.
    expect(crossings).toBeLessThan(400);
  }, 120_000);
});

describe("learner code that uses up its limits (decision 310)", () => {
  test.each(["infinite-loop", "hostile-error-getter"])(
    "%s gets the document one instance gives: the relay is set up on a limit of its own",
    async (name) => {
      const code = fs.readFileSync(
        path.join(process.cwd(), `tests/fixtures/judge/hostile/${name}.ts`),
        "utf8",
      );
      const [one, two] = [await judge(code, exercise.id, false), await judge(code)];
      expect(two.verdict).not.toBe("accepted");
      expect(comparable(two)).toEqual(comparable(one));
    },
    120_000,
  );
});

describe("a worker's two kept sandboxes (decision 310)", () => {
  test("judge as instances made on the spot, the hidden one never prepared again, and erasing leaves no secret in either", async () => {
    const l = await WorkerSandbox.load(loadQuickJS, { keep: true });
    const h = await WorkerSandbox.load(loadQuickJS, {
      keep: true,
      prepareKept: RelayLink.prepareHidden,
    });
    hiddenModules.add(h.quickjs);
    const prepare = vi.spyOn(Sandbox, "prepare");
    const kept = async (code: string) => {
      const document = await judgeInSandbox({
        quickjs: l.quickjs,
        hiddenQuickjs: h.quickjs,
        prepared: l.prepared,
        preparedHidden: h.prepared,
        ...judgeJob(exercise, code, "submit"),
        ...(clock ? { cpuNow: () => clock.now(), cpuResolutionMs: clock.resolutionMs } : {}),
        limits: { testTimeMs: 5000, totalTimeMs: 20_000 },
      });
      expect(h.used).toBe(true);
      l.erase();
      h.erase();
      return document;
    };
    try {
      for (const code of [exercise.solution, countingCode, exercise.solution]) {
        const [onTheSpot, first, again] = [await judge(code), await kept(code), await kept(code)];
        expect(comparable(first)).toEqual(comparable(onTheSpot));
        expect(comparable(again)).toEqual(comparable(onTheSpot));
        // (Steps are compared kept to kept: this file's learner module has the simulated bug in it.)
        expect(again.resources.steps).toBe(first.resources.steps);
      }
      // Only the judges made on the spot prepared sandboxes: two each.
      expect(prepare).toHaveBeenCalledTimes(6);
    } finally {
      prepare.mockRestore();
    }
    const secrets = [HIDDEN_MARKER, HIDDEN_COMPILED, REFERENCE_MARKER];
    for (const memory of [l.loaded.memory, h.loaded.memory])
      expect(secrets.filter((marker) => memoryHolds(memory, marker))).toEqual([]);
  }, 120_000);
});

describe("a visible test's memory bomb (decision 410)", () => {
  test("memory-bomb-typed-array gets the document one instance gives when L has no room left for the relay", async () => {
    const code = fs.readFileSync(
      path.join(process.cwd(), "tests/fixtures/judge/hostile/memory-bomb-typed-array.ts"),
      "utf8",
    );
    // As the pool judges: the expected plan (from the reference's judge) names the hidden tests.
    const cache = new ReferenceAnswerCache();
    const judged = (isolated: boolean) =>
      judgeWithReferenceAnswers(
        {
          quickjs: learner.quickjs,
          ...(isolated ? { hiddenQuickjs: hidden.quickjs } : {}),
          ...judgeJob(exercise, code, "submit"),
        },
        cache,
      );
    const [one, two] = [await judged(false), await judged(true)];
    expect(two.verdict).toBe("memory_limit_exceeded");
    expect(comparable(two)).toEqual(comparable(one));
  }, 120_000);
});

describe("an endless promise chain on the kept pair (decision 410)", () => {
  test("endless-microtasks after an honest judge gets the document one instance gives, and damages neither module", async () => {
    const l = await WorkerSandbox.load(loadQuickJS, { keep: true });
    const h = await WorkerSandbox.load(loadQuickJS, {
      keep: true,
      prepareKept: RelayLink.prepareHidden,
    });
    hiddenModules.add(h.quickjs);
    const code = fs.readFileSync(
      path.join(process.cwd(), "tests/fixtures/judge/hostile/endless-microtasks.ts"),
      "utf8",
    );
    let damaged = false;
    const kept = async (source: string) => {
      const document = await judgeInSandbox({
        quickjs: l.quickjs,
        hiddenQuickjs: h.quickjs,
        prepared: l.prepared,
        preparedHidden: h.prepared,
        ...judgeJob(exercise, source, "submit"),
        ...(clock ? { cpuNow: () => clock.now(), cpuResolutionMs: clock.resolutionMs } : {}),
        onSandboxDamaged: () => {
          damaged = true;
        },
      });
      if (!damaged) {
        l.erase();
        h.erase();
      }
      return document;
    };
    expect((await kept(exercise.solution)).verdict).toBe("accepted");
    const two = await kept(code);
    // Listing the learner's exports for H once read a garbage count of keys here (9 million).
    expect(damaged).toBe(false);
    expect(two.verdict).toBe("time_limit_exceeded");
    const one = await judgeInSandbox({
      quickjs: l.quickjs,
      ...judgeJob(exercise, code, "submit"),
      ...(clock ? { cpuNow: () => clock.now(), cpuResolutionMs: clock.resolutionMs } : {}),
    });
    expect(comparable(two)).toEqual(comparable(one));
  }, 120_000);
});

describe("the pool's switch (decision 310)", () => {
  test("a pool worker with the hidden instance gives the document of one without", async () => {
    const documents: ResultsDocument[] = [];
    for (const hiddenInstance of [false, true]) {
      const pool = new JudgePool({ size: 1, hiddenInstance });
      try {
        for (const code of [exercise.solution, countingCode])
          documents.push(await pool.judge(judgeJob(exercise, code, "submit")));
      } finally {
        await pool.close();
      }
    }
    const [one, two] = [documents.slice(0, 2), documents.slice(2)];
    expect(one[1]?.verdict).toBe("wrong_answer");
    expect(two.map(comparable)).toEqual(one.map(comparable));
    // The relay's crossings are counted: the second pool did judge through two instances.
    expect(two[0]!.resources.steps!).toBeGreaterThan(one[0]!.resources.steps!);
  }, 120_000);

  test("JUDGE_HIDDEN_INSTANCE is on or off, and nothing else", () => {
    expect(parseEnv({ JUDGE_HIDDEN_INSTANCE: "on" }).JUDGE_HIDDEN_INSTANCE).toBe("on");
    expect(parseEnv({ JUDGE_HIDDEN_INSTANCE: "off" }).JUDGE_HIDDEN_INSTANCE).toBe("off");
    expect(() => parseEnv({ JUDGE_HIDDEN_INSTANCE: "yes" })).toThrow(/JUDGE_HIDDEN_INSTANCE/);
  });
});
