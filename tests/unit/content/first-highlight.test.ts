import { expect, test } from "vitest";
import { highlightCode } from "@/lib/content/highlight";

// Its own file on purpose: vitest gives each file a fresh module graph, so this is the process's
// first highlight, the one shiki 4.6 used to colour wrongly.
test("the first block highlighted in a process gets the colours every later one gets", async () => {
  const source = "const limit: number = 100;";
  const first = await highlightCode(source, "ts");
  const second = await highlightCode(source, "ts");
  expect(first).toEqual(second);
});
