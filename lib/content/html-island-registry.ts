// The HTML of static islands (decision 340), by id, in the server process. The page's server
// components put it here (lib/content/html-islands.ts) and the client component that renders an
// island (app/_components/mdx/html-island.tsx) reads it back while the same page is rendered to HTML:
// both renders run in one process, so the framework's payload carries only the id. No imports: the
// client component is in the browser's bundle too (where it never finds the registry).

const key = Symbol.for("tradeoff.html-islands");

type WithRegistry = typeof globalThis & { [key]?: Map<string, string> };

/** The process's islands: id (a hash of the HTML) to HTML. Content-addressed, so never stale. */
export function htmlIslandRegistry(): Map<string, string> {
  const scope = globalThis as WithRegistry;
  return (scope[key] ??= new Map());
}
