import { ManualClock, SharedStore } from "judge";
import { createReplicas } from "./solution";

/** Sends `routes[i]` requests to replica i, one after another, and counts the ones served. */
async function send(routes: number[], replicas: { allow(c: string): Promise<boolean> }[]) {
  const served: number[] = [];
  for (let i = 0; i < routes.length; i++) {
    let ok = 0;
    for (let n = 0; n < routes[i]!; n++) if (await replicas[i]!.allow("acme")) ok++;
    served.push(ok);
  }
  return served;
}

/**
 * Three replicas. A customer sends exactly 100 requests in one minute, and the load balancer routes
 * 70% of them to the first replica, 20% to the second and 10% to the third.
 */
export async function scenario() {
  const clock = new ManualClock();
  const skewed = await send([70, 20, 10], createReplicas(3, new SharedStore(), clock));
  const even = await send([34, 33, 33], createReplicas(3, new SharedStore(), new ManualClock()));
  const total = skewed.reduce((a, b) => a + b, 0);
  const evenTotal = even.reduce((a, b) => a + b, 0);
  return {
    answer: total,
    summary:
      total < 100
        ? `${total} of the customer's 100 requests were served, and nothing logged an error.`
        : `All ${total} of the customer's requests were served.`,
    facts: [
      { label: "Served under 70/20/10 routing (100 sent)", value: total },
      { label: "Served under even routing, 34/33/33 (100 sent)", value: evenTotal },
    ],
    table: {
      columns: ["Replica", "Sent", "Served"],
      rows: [70, 20, 10].map((sent, i) => [`#${i + 1}`, sent, skewed[i]!]),
    },
  };
}
