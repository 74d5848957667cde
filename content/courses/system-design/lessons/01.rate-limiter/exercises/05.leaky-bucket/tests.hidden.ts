import {
  ManualClock,
  describe,
  differential,
  expect,
  expectSameAs,
  expectTrace,
  test,
  traceOf,
} from "judge";
import * as reference from "reference";
import * as learner from "./solution";

type Meter = InstanceType<typeof learner.LeakyBucket>;
type Shaper = InstanceType<typeof learner.LeakyShaper>;
const schedule = (s: Shaper) => s.schedule();
// The reference's private water, read without a drain so the trace is not disturbed.
const waterOf = (bucket: Meter | Shaper) => (bucket as unknown as { water: number }).water;
// How far the reference was from the other answer: the room left for this request's unit.
const room = (bucket: Meter | Shaper, admitted: boolean) =>
  bucket.capacity - waterOf(bucket) - (admitted ? 0 : 1);

describe("meter", () => {
  test("an idle bucket never holds negative water", () => {
    const clock = new ManualClock();
    const meter = new learner.LeakyBucket(2, 1, clock);
    clock.advance(10_000);
    expect(meter.level(), "level() after idling").toBe(0);
    expectTrace(meter, clock, [{ count: 3, expect: [true, true, false] }]);
  });

  test("a fractional leak rate", () => {
    const clock = new ManualClock();
    const meter = new learner.LeakyBucket(1, 2.5, clock);
    expectTrace(meter, clock, [
      { at: 0, expect: "allowed" },
      { at: 399, expect: "denied" },
      { at: 400, expect: "allowed" },
    ]);
  });

  test("a denied request pours nothing in", () => {
    const clock = new ManualClock();
    const meter = new learner.LeakyBucket(2, 1, clock);
    expectTrace(meter, clock, [
      { at: 0, count: 2, expect: "allowed" },
      { at: 100, count: 20, expect: "denied" },
      { at: 1000, expect: "allowed" },
    ]);
  });

  test("the meter admits exactly what a token bucket of the same size and rate admits", () => {
    const clock = new ManualClock();
    const meter = new learner.LeakyBucket(4, 3, clock);
    let tokens = 4;
    let last = 0;
    const steps = [];
    const expected: boolean[] = [];
    for (let i = 0; i < 120; i++) {
      const at = i * 83;
      tokens = Math.min(4, tokens + (at - last) * (3 / 1000));
      last = at;
      const count = 1 + (i % 3);
      const answers = [];
      for (let k = 0; k < count; k++) {
        const ok = tokens >= 1;
        if (ok) tokens -= 1;
        answers.push(ok);
        expected.push(ok);
      }
      steps.push({ at, count, expect: answers });
    }
    expectTrace(meter, clock, steps);
  });
});

describe("shaper", () => {
  test("after the queue drains, the next request leaves at once", () => {
    const clock = new ManualClock();
    const shaper = new learner.LeakyShaper(3, 2, clock);
    expectTrace(
      shaper,
      clock,
      [
        { at: 0, count: 3, expect: [0, 500, 1000] },
        { at: 5000, count: 2, expect: [5000, 5500] },
      ],
      { call: schedule },
    );
  });

  test("release times never go backwards and are evenly spaced", () => {
    const clock = new ManualClock();
    const shaper = new learner.LeakyShaper(5, 4, clock);
    let previous = -Infinity;
    for (let i = 0; i < 40; i++) {
      clock.advance(i % 4 === 0 ? 100 : 0);
      const at = shaper.schedule();
      if (at === null) continue;
      expect(at >= previous, `release ${at} after ${previous}`).toBe(true);
      if (previous > clock.now())
        expect(at - previous, "spacing of queued releases").toBeCloseTo(250);
      previous = at;
    }
  });

  test("queued() does not disturb the queue", () => {
    const clock = new ManualClock();
    const shaper = new learner.LeakyShaper(3, 3, clock);
    shaper.schedule();
    shaper.schedule();
    for (let i = 0; i < 9; i++) {
      clock.advance(37);
      shaper.queued();
    }
    expect(shaper.schedule(), "schedule() at t=333").toBeCloseTo(
      333 + (2 - 333 / (1000 / 3)) * (1000 / 3),
    );
  });

  test("the shaper admits the same requests as the meter", () => {
    const steps = traceOf(150, (i) => ({ at: i * 61, count: (i * 3) % 4 }));
    const clockA = new ManualClock();
    const clockB = new ManualClock();
    const meter = new learner.LeakyBucket(3, 5, clockA);
    const shaper = new learner.LeakyShaper(3, 5, clockB);
    const answers: boolean[] = [];
    for (const step of steps) {
      clockA.advance(step.at - clockA.now());
      for (let k = 0; k < step.count; k++) answers.push(meter.allow());
    }
    let n = 0;
    expectTrace(
      shaper,
      clockB,
      steps.map((s) => ({ at: s.at, count: s.count, expect: answers.slice(n, (n += s.count)) })),
    );
  });
});

describe("same as the reference", () => {
  test("the shaper's release times match the reference", () => {
    const steps = traceOf(200, (i) => ({ at: i * 131, count: (i * 7) % 5 }));
    expectSameAs(learner, reference, {
      setup: "new LeakyShaper(4, 3, clock)",
      create: (m: typeof learner, clock) => new m.LeakyShaper(4, 3, clock),
      call: schedule,
      steps,
      margin: (shaper: Shaper, releaseAt) => room(shaper, releaseAt !== null),
    });
  });

  differential("random traces through the meter agree with the reference", {
    kind: "bucket",
    learner,
    reference,
    setup: (c) => `new LeakyBucket(${c.capacity}, ${c.perSecond}, clock)`,
    create: (m: typeof learner, clock, c) => new m.LeakyBucket(c.capacity!, c.perSecond!, clock),
    call: (meter: Meter) => meter.allow(),
    level: waterOf,
    margin: (meter: Meter, allowed) => room(meter, allowed === true),
  });

  differential("random traces through the shaper agree with the reference", {
    kind: "bucket",
    learner,
    reference,
    setup: (c) => `new LeakyShaper(${c.capacity}, ${c.perSecond}, clock)`,
    create: (m: typeof learner, clock, c) => new m.LeakyShaper(c.capacity!, c.perSecond!, clock),
    call: schedule,
    level: waterOf,
    margin: (shaper: Shaper, releaseAt) => room(shaper, releaseAt !== null),
  });
});
