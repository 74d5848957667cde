import { describe, expect, test } from "vitest";
import { parseNodes } from "@/lib/cluster/redis-cluster";

// CLUSTER NODES as Redis 7 prints it, after the master on 7000 failed and 7004 took over.
const AFTER_FAILOVER = `
a1 127.0.0.1:7000@7010 master,fail - 1 1 1 disconnected
b2 127.0.0.1:7001@7011 myself,master - 0 0 2 connected 5461-10922
c3 127.0.0.1:7002@7012 master - 0 0 3 connected 10923-16383 [16000->-x9]
d4 127.0.0.1:7003@7013 slave b2 0 0 2 connected
e5 127.0.0.1:7004@7014 master - 0 0 7 connected 0-5460
f6 127.0.0.1:7005@7015 slave c3 0 0 3 connected
`;

describe("reading who serves what from CLUSTER NODES", () => {
  test("failed nodes are left out, a promoted replica is a master with the slots, ranges inclusive", () => {
    expect(parseNodes(AFTER_FAILOVER)).toEqual([
      { master: 7001, replicas: [7003], slots: [[5461, 10922]] },
      { master: 7002, replicas: [7005], slots: [[10923, 16383]] },
      { master: 7004, replicas: [], slots: [[0, 5460]] },
    ]);
  });

  test("a single slot is a range of one", () => {
    const [shard] = parseNodes("a 127.0.0.1:7000@7010 master - 0 0 1 connected 42 100-101");
    expect(shard?.slots).toEqual([
      [42, 42],
      [100, 101],
    ]);
  });
});
