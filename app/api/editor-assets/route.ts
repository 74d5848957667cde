import { join } from "node:path";
import { findMonacoChunks } from "@/lib/editor-assets/monaco-chunks";
import { protectedRoute } from "@/lib/protection/app-protection";

export const dynamic = "force-dynamic";

let cached: string[] | undefined;

/** GET: the code editor's scripts and styles, which lesson pages prefetch when the reader is idle. */
export const GET = protectedRoute("read", async () => {
  cached ??= findMonacoChunks(join(process.cwd(), ".next"));
  // The same for everyone, and it changes only with a deploy.
  return Response.json({ files: cached }, { headers: { "cache-control": "public, max-age=300" } });
});
