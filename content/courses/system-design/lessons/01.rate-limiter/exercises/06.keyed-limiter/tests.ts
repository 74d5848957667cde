import { ManualClock, expect, expectTrace, test } from "judge";
import { KeyedLimiter } from "./solution";

test("each key has its own bucket", () => {
  const clock = new ManualClock();
  const limiter = new KeyedLimiter({ capacity: 2, perSecond: 1, maxKeys: 100, clock });
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, key: "alice", count: 3, expect: [true, true, false] },
      { at: 0, key: "bob", count: 2, expect: "allowed" },
      { at: 1000, key: "alice", count: 2, expect: [true, false] },
    ],
    { setup: "new KeyedLimiter({ capacity: 2, perSecond: 1, maxKeys: 100, clock })" },
  );
});

test("costs are taken from the key's bucket", () => {
  const clock = new ManualClock();
  const limiter = new KeyedLimiter({ capacity: 5, perSecond: 1, maxKeys: 100, clock });
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, key: "a", n: 4, expect: "allowed" },
      { at: 0, key: "a", n: 2, expect: "denied" },
      { at: 0, key: "b", n: 5, expect: "allowed" },
    ],
    { setup: "new KeyedLimiter({ capacity: 5, perSecond: 1, maxKeys: 100, clock })" },
  );
});

test("never more keys than maxKeys", () => {
  const clock = new ManualClock();
  const limiter = new KeyedLimiter({ capacity: 1, perSecond: 1, maxKeys: 3, clock });
  for (let i = 0; i < 50; i++) limiter.allow(`user-${i}`);
  expect(limiter.size, "size after 50 different keys").toBe(3);
});

test("the least recently used key is the one forgotten", () => {
  const clock = new ManualClock();
  const limiter = new KeyedLimiter({ capacity: 1, perSecond: 0.001, maxKeys: 2, clock });
  // a and b spend their token; a is used again (denied), so b is now least recently used.
  expectTrace(
    limiter,
    clock,
    [
      { at: 0, key: "a", expect: "allowed" },
      { at: 1, key: "b", expect: "allowed" },
      { at: 2, key: "a", expect: "denied" },
      { at: 3, key: "c", expect: "allowed" },
      { at: 4, key: "a", expect: "denied" },
      { at: 5, key: "b", expect: "allowed" },
    ],
    { setup: "new KeyedLimiter({ capacity: 1, perSecond: 0.001, maxKeys: 2, clock })" },
  );
});
