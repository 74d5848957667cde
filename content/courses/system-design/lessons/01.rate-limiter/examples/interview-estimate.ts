import {
  keyedFixedWindow,
  keyedSlidingCounter,
  keyedSlidingLog,
  keyedTokenBucket,
  stateBytesPerKey,
} from "@/lib/limiters";

// The numbers a candidate states out loud before drawing anything. The inputs are assumptions you
// say as such; everything printed after them is arithmetic on them and on our limiters' own layouts.
const assumed = {
  activeKeys: 1_000_000, // API keys seen in a busy hour
  limitPerMinute: 100, // the documented limit per key
  peakRequestsPerSecond: 20_000, // across the whole API at the busiest minute
  rulesPerRequest: 2, // e.g. a per-second burst rule and a per-day quota
  redisOpsPerSecond: 50_000, // a cautious figure for small Lua scripts on one Redis node
};

const MB = 1_000_000;

export function run(print: (line: string) => void) {
  const window = { limit: assumed.limitPerMinute, windowMs: 60_000 };
  const bucket = { capacity: assumed.limitPerMinute, perSecond: assumed.limitPerMinute / 60 };
  const perKey = {
    tokenBucket: stateBytesPerKey(keyedTokenBucket, bucket),
    fixedWindow: stateBytesPerKey(keyedFixedWindow, window),
    slidingCounter: stateBytesPerKey(keyedSlidingCounter, window),
    slidingLog: stateBytesPerKey(keyedSlidingLog, window),
  };

  print(
    `  assume ${assumed.activeKeys.toLocaleString("en-US")} active keys at ${assumed.limitPerMinute}/min each`,
  );
  for (const [name, bytes] of Object.entries(perKey)) {
    const total = (bytes * assumed.activeKeys) / MB;
    print(
      `    ${name.padEnd(15)} ${String(bytes).padStart(4)} B of state per key -> ${total.toLocaleString("en-US")} MB`,
    );
  }

  const roundTrips = assumed.peakRequestsPerSecond * assumed.rulesPerRequest;
  const oneScript = assumed.peakRequestsPerSecond;
  const nodes = Math.ceil(oneScript / assumed.redisOpsPerSecond);
  print(
    `  at ${assumed.peakRequestsPerSecond.toLocaleString("en-US")} requests/s with ${assumed.rulesPerRequest} rules each:`,
  );
  print(`    one call per rule : ${roundTrips.toLocaleString("en-US")} Redis calls/s`);
  print(
    `    one script per request, all rules inside: ${oneScript.toLocaleString("en-US")} calls/s`,
  );
  print(
    `    share of one node (${assumed.redisOpsPerSecond.toLocaleString("en-US")} calls/s): ` +
      `${Math.round((oneScript / assumed.redisOpsPerSecond) * 100)}%, so ${nodes} node with room to spare`,
  );

  return {
    activeKeys: assumed.activeKeys,
    bucketBytes: perKey.tokenBucket,
    counterBytes: perKey.slidingCounter,
    logBytes: perKey.slidingLog,
    bucketMb: (perKey.tokenBucket * assumed.activeKeys) / MB,
    logMb: (perKey.slidingLog * assumed.activeKeys) / MB,
    peakRps: assumed.peakRequestsPerSecond,
    callsPerRule: roundTrips,
    callsOneScript: oneScript,
    nodeSharePercent: Math.round((oneScript / assumed.redisOpsPerSecond) * 100),
  };
}
