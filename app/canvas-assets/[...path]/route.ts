import fs from "node:fs/promises";
import { HttpProblem, route } from "@/lib/http/problem";
import { resolveCanvasAsset } from "@/lib/interview/canvas-assets";

// The drawing canvas's fonts, from our own origin (lib/interview/canvas-assets.ts).

type Context = { params: Promise<{ path: string[] }> };

export const GET = route<Context>(async (_request, context) => {
  const { path } = await context.params;
  const asset = resolveCanvasAsset(path);
  if (!asset) throw new HttpProblem(404, "Unknown canvas asset");
  const body = await fs.readFile(asset.file);
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": asset.contentType,
      // The file names carry a content hash.
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
});
