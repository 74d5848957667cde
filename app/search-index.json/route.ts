import { buildSiteSearchIndex } from "@/lib/search/build";

// Built once by `next build` and served as a static file: the browser loads it the first time the
// learner opens search, then every keystroke searches locally (lib/search, decision 131).
export const dynamic = "force-static";

export function GET() {
  return new Response(buildSiteSearchIndex().json, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
