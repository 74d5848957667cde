import { ManualClock, SharedStore, expect, test } from "judge";
import { LIMIT, WINDOW_MS, createReplicas, type Replica } from "./solution";

async function sendInTurn(replicas: Replica[], routes: number[], customer = "acme") {
  let served = 0;
  for (let i = 0; i < routes.length; i++) {
    for (let n = 0; n < routes[i]!; n++) if (await replicas[i]!.allow(customer)) served++;
  }
  return served;
}

test("serves the whole limit under skewed routing", async () => {
  const replicas = createReplicas(3, new SharedStore(), new ManualClock());
  expect(await sendInTurn(replicas, [70, 20, 10]), "served of 100 routed 70/20/10").toBe(LIMIT);
});

test("never serves more than the limit, even when all replicas are hit at once", async () => {
  const replicas = createReplicas(3, new SharedStore(), new ManualClock());
  const decisions = await Promise.all(
    Array.from({ length: 150 }, (_, i) => replicas[i % 3]!.allow("acme")),
  );
  expect(decisions.filter(Boolean).length, "served of 150 requests in flight at once").toBe(LIMIT);
});

test("the limit holds for any number of replicas", async () => {
  for (const count of [1, 5, 12]) {
    const replicas = createReplicas(count, new SharedStore(), new ManualClock());
    const routes = Array.from({ length: count }, (_, i) => (i === 0 ? 130 - (count - 1) * 2 : 2));
    expect(await sendInTurn(replicas, routes), `served of 130 with ${count} replicas`).toBe(LIMIT);
  }
});

test("replicas added by a scale event share the same count", async () => {
  const store = new SharedStore();
  const clock = new ManualClock();
  expect(await sendInTurn(createReplicas(2, store, clock), [30, 30]), "served by 2 replicas").toBe(
    60,
  );
  expect(
    await sendInTurn(createReplicas(5, store, clock), [20, 20, 20, 20, 20]),
    "served after scaling to 5",
  ).toBe(40);
});

test("customers have separate limits and a new window starts afresh", async () => {
  const clock = new ManualClock();
  const replicas = createReplicas(3, new SharedStore(), clock);
  expect(await sendInTurn(replicas, [100, 10, 10], "acme"), "acme").toBe(LIMIT);
  expect(await sendInTurn(replicas, [0, 0, 50], "globex"), "globex").toBe(50);
  clock.advance(WINDOW_MS);
  expect(await sendInTurn(replicas, [40, 40, 40], "acme"), "acme, next minute").toBe(LIMIT);
});
