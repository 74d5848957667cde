import fs from "node:fs";
import path from "node:path";

// The site's pages outside /courses (/, /progress, /sign-in, …), read from the app/ folder's file
// names so that a link like [your progress](/progress) is checked against the routes that really
// exist. Nothing is imported from app/: only its directory listing is read.

type Segment = { kind: "static"; value: string } | { kind: "dynamic" } | { kind: "catch-all" };

export type RoutePattern = readonly Segment[];

const routeFiles = new Set(["page.tsx", "page.ts", "page.jsx", "page.js", "page.mdx", "route.ts"]);

export function listAppRoutes(appDir: string): RoutePattern[] {
  const routes: RoutePattern[] = [];
  walk(appDir, [], routes);
  return routes;
}

function walk(dir: string, prefix: Segment[], routes: RoutePattern[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  if (entries.some((entry) => entry.isFile() && routeFiles.has(entry.name))) routes.push(prefix);
  for (const entry of entries) {
    // _folders are private (not routes); @slots and (groups) add no URL segment.
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const name = entry.name;
    const next = path.join(dir, name);
    if (name.startsWith("(") || name.startsWith("@")) walk(next, prefix, routes);
    else if (name.startsWith("[[...") || name.startsWith("[..."))
      walk(next, [...prefix, { kind: "catch-all" }], routes);
    else if (name.startsWith("[")) walk(next, [...prefix, { kind: "dynamic" }], routes);
    else walk(next, [...prefix, { kind: "static", value: name }], routes);
  }
}

export function matchesRoute(
  routes: readonly RoutePattern[],
  segments: readonly string[],
): boolean {
  return routes.some((route) => matches(route, segments));
}

function matches(route: RoutePattern, segments: readonly string[]): boolean {
  for (let index = 0; index < route.length; index++) {
    const segment = route[index]!;
    if (segment.kind === "catch-all") return true;
    const actual = segments[index];
    if (actual === undefined) return false;
    if (segment.kind === "static" && segment.value !== actual) return false;
  }
  return route.length === segments.length;
}
