import { FixedWindow, ManualClock } from "@/lib/limiters";

// What the trap's run shows, replayed without Redis: a window counter whose reset never comes,
// beside one whose reset does. One request every 20 s for 10 minutes against 5 per minute.
export function run(print: (line: string) => void) {
  const clock = new ManualClock(0);
  const healthy = new FixedWindow(5, 60_000, clock);
  // A counter that is never reset is a window that never ends: one as long as the whole run.
  const immortal = new FixedWindow(5, 10 * 60_000 + 1, clock);
  let sent = 0;
  let servedHealthy = 0;
  let served = 0;
  for (let at = 0; at < 10 * 60_000; at += 20_000) {
    clock.advance(at - clock.now());
    sent++;
    if (healthy.allow()) servedHealthy++;
    if (immortal.allow()) served++;
  }
  print(`  ${sent} requests, one every 20 s, limit 5 per minute`);
  print(`  key with an expiry   : ${servedHealthy} served`);
  print(`  key without an expiry: ${served} served, then refused until someone deletes it`);
  return { sent, served, servedHealthy };
}
