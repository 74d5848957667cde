import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";

const require = createRequire(import.meta.url);
const replaceCanvasCdnFallback = require("../../../lib/interview/canvas-cdn-loader.cjs") as (
  source: string,
) => string;

test("the canvas bundle names no CDN once the build loader has run over it", () => {
  const dist = path.join(process.cwd(), "node_modules/@excalidraw/excalidraw/dist/prod");
  const chunks = fs.readdirSync(dist).filter((name) => name.endsWith(".js"));
  const withCdn = chunks.filter((name) =>
    fs.readFileSync(path.join(dist, name), "utf8").includes("esm.sh"),
  );
  // The package does name one today: if it stops, this test says the loader can go.
  expect(withCdn.length).toBeGreaterThan(0);
  for (const name of withCdn) {
    const source = fs.readFileSync(path.join(dist, name), "utf8");
    expect(replaceCanvasCdnFallback(source)).not.toContain("esm.sh");
  }
});
