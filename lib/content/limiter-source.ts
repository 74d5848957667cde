import fs from "node:fs";
import path from "node:path";
import { ContentError } from "./content-error";

const fileNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;

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
