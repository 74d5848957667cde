import { describe, expect, test } from "vitest";
import { resolveCanvasAsset } from "@/lib/interview/canvas-assets";

// The canvas's font route serves the package's .woff2 files and nothing else.

describe("the drawing canvas's assets", () => {
  test("a font of the installed package resolves to its file", () => {
    const asset = resolveCanvasAsset([
      "fonts",
      "Excalifont",
      "Excalifont-Regular-a88b72a24fb54c9f94e3b5fdaa7481c9.woff2",
    ]);
    expect(asset?.contentType).toBe("font/woff2");
    expect(asset?.file).toMatch(/@excalidraw[/\\]excalidraw[/\\]dist[/\\]prod[/\\]fonts/);
  });

  test("anything outside fonts/, any other type or any traversal is not served", () => {
    expect(resolveCanvasAsset(["index.js"])).toBeNull();
    expect(resolveCanvasAsset(["fonts", "..", "index.js"])).toBeNull();
    expect(resolveCanvasAsset(["fonts", "Excalifont", "..%2F..%2Fpackage.json"])).toBeNull();
    expect(resolveCanvasAsset(["locales", "en.json"])).toBeNull();
    expect(resolveCanvasAsset(["fonts", "Excalifont", "missing.woff2"])).toBeNull();
  });
});
