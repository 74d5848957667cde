import { expect, test } from "vitest";
import { highlightCode } from "@/lib/content/highlight";

// Its own file on purpose: vitest gives each file a fresh module graph, so this is the process's
// first highlight, slow while the grammar compiles: past shiki's default 500 ms per line it used to
// colour the rest of the line as one token.
test("the first block highlighted in a process gets the colours every later one gets", async () => {
  const source = "const limit: number = 100;";
  const first = await highlightCode(source, "ts");
  const second = await highlightCode(source, "ts");
  expect(first).toEqual(second);
});
