import fs from "node:fs";
import path from "node:path";
import { ContentError } from "./content-error";
import { SLUG_SOURCE } from "./slug";

const fileNamePattern = new RegExp(`^${SLUG_SOURCE}\\.ts$`);

/**
 * The source of one file in lib/limiters, for `<LimiterSource file="token-bucket.ts" />`: the lesson
 * shows the code its figures were computed with, not a copy that can drift. An unknown file throws a
 * ContentError naming the MDX file that asked for it.
 */
export function readLimiterSource(fileName: string, mdxFile: string): string {
  // Spelled out in full (not a parameter) so the bundler's file tracing stays inside lib/limiters.
  const file = path.join(process.cwd(), "lib", "limiters", fileName);
  if (!fileNamePattern.test(fileName) || !fs.existsSync(file)) {
    const known = fs
      .readdirSync(path.join(process.cwd(), "lib", "limiters"))
      .filter((name) => fileNamePattern.test(name));
    throw new ContentError(mdxFile, [
      `<LimiterSource file="${fileName}">: no such file in lib/limiters (it has: ${known.join(", ")})`,
    ]);
  }
  return fs.readFileSync(file, "utf8");
}

/**
 * The Lua script a limiter file exports as a template literal (`export const X = \`...\``), for
 * `<LimiterSource show="lua">`: the script as Redis receives it, highlighted as Lua.
 */
export function luaScriptOf(source: string, fileName: string, mdxFile: string): string {
  const match = /export const [A-Z0-9_]+ = `\n?([^`]*)`/.exec(source);
  if (!match || match[1]!.includes("${")) {
    throw new ContentError(mdxFile, [
      `<LimiterSource file="${fileName}" show="lua">: the file exports no plain template literal holding a script`,
    ]);
  }
  return match[1]!.replace(/\s+$/, "") + "\n";
}

/** The lib/limiters files a lesson's sections show with `<LimiterSource>`, in order of appearance. */
export function limiterFilesOf(sectionBodies: readonly string[]): string[] {
  const files = new Set<string>();
  for (const body of sectionBodies) {
    for (const [, file] of body.matchAll(/<LimiterSource\b[^>]*\bfile="([^"]+)"/g))
      files.add(file!);
  }
  return [...files];
}
