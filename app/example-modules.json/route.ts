import { exampleModuleSources } from "@/lib/content/example-module-sources";

// The JavaScript of lib/limiters and lib/simulation, as the browser's example sandbox imports it
// ("Edit and run"). Built once with the site, so an edited example runs against the code the page's
// figures were computed with; served from our own origin (decision 142).
export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(exampleModuleSources());
}
