import fs from "node:fs";
import path from "node:path";

// The sandbox's "judge" module declarations (lib/judge/judge-module.d.ts), for the trap editor's
// IntelliSense. Fetched when a learner opens an editor, so reading pages do not carry them.

export const dynamic = "force-static";

export function GET(): Response {
  const text = fs.readFileSync(
    path.join(process.cwd(), "lib", "judge", "judge-module.d.ts"),
    "utf8",
  );
  return new Response(text, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
