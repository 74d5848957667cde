import { ManualClock, SharedStore } from "judge";
import { SlidingCounter } from "./solution";

const LIMIT = 100;
const MINUTE = 60_000;

/**
 * One client, one instance: 300 requests spread over minute zero, then — having seen the 429s — one
 * request every 5 seconds through minute one. Then two instances sharing the store, hit at once.
 */
export async function scenario() {
  const clock = new ManualClock();
  const limiter = new SlidingCounter(LIMIT, MINUTE, new SharedStore(), clock);

  let firstMinute = 0;
  for (let i = 0; i < 300; i++) {
    clock.advance(i === 0 ? 0 : 200);
    if (await limiter.allow("client")) firstMinute++;
  }

  const rows: (string | number)[][] = [];
  let secondMinute = 0;
  for (let i = 0; i < 12; i++) {
    const at = MINUTE + i * 5_000;
    clock.advance(at - clock.now());
    const admitted = await limiter.allow("client");
    if (admitted) secondMinute++;
    rows.push([`${at / 1000} s`, admitted ? "admitted" : "refused"]);
  }

  // The shared-store variant: two instances, 60 requests each, all at the same instant.
  const store = new SharedStore();
  const sharedClock = new ManualClock(10 * MINUTE);
  const instances = [0, 1].map(() => new SlidingCounter(LIMIT, MINUTE, store, sharedClock));
  const decisions = await Promise.all(
    Array.from({ length: 120 }, (_, i) => instances[i % 2]!.allow("client")),
  );
  const together = decisions.filter(Boolean).length;

  return {
    answer: secondMinute,
    summary: `${secondMinute} of the 12 requests in minute one were admitted.`,
    facts: [
      { label: "Admitted in minute zero (300 sent)", value: firstMinute },
      { label: "Admitted in minute one (12 sent, one every 5 s)", value: secondMinute },
      { label: "Two instances, 120 requests at once, limit 100: admitted", value: together },
    ],
    table: { columns: ["Minute one", "Decision"], rows },
  };
}
