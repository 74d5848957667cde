import fs from "node:fs";
import path from "node:path";
import * as limiters from "@/lib/limiters";
import * as simulation from "@/lib/simulation";
import { ContentError } from "./content-error";
import { evaluateExample, type ExampleModules, type ExampleResult } from "./example-runner";
import { slugPattern } from "./slug";

/** The only modules a lesson example may import: the code the lesson is about. */
export const exampleModules: ExampleModules = {
  "@/lib/limiters": limiters,
  "@/lib/simulation": simulation,
};

// Keyed by path and source, so an edited example is run again (in `next dev`) and an unchanged one is
// run once however many times the page mentions it.
const cache = new Map<string, { source: string; result: ExampleResult }>();

/**
 * Finds `examples/<id>.ts` in a lesson folder. An unknown id throws a ContentError naming the MDX
 * file that asked for it, which fails the build.
 */
export function findExample(lessonDir: string, id: string, mdxFile: string): string {
  const file = path.join(lessonDir, "examples", `${id}.ts`);
  if (!slugPattern.test(id) || !fs.existsSync(file)) {
    const known = listExamples(lessonDir);
    throw new ContentError(mdxFile, [
      `unknown example id "${id}" (expected a file examples/${id}.ts; this lesson has: ${known.join(", ") || "none"})`,
    ]);
  }
  return file;
}

export function listExamples(lessonDir: string): string[] {
  const dir = path.join(lessonDir, "examples");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => name.slice(0, -".ts".length))
    .sort();
}

/** Runs an example file against our real limiters (or injected modules) and caches the result. */
export function runExample(file: string, modules: ExampleModules = exampleModules): ExampleResult {
  const source = fs.readFileSync(file, "utf8");
  const useCache = modules === exampleModules;
  const cached = useCache ? cache.get(file) : undefined;
  if (cached?.source === source) return cached.result;
  const result = evaluateExample(file, source, modules);
  if (useCache) cache.set(file, { source, result });
  return result;
}

/** The named value an example returned, as `<Value>` shows it. Unknown names fail the build. */
export function exampleValue(result: ExampleResult, name: string, mdxFile: string): string {
  const value = result.values[name];
  if (value === undefined) {
    const known = Object.keys(result.values);
    throw new ContentError(mdxFile, [
      `<Value name="${name}">: ${path.basename(result.file)} returns no value "${name}" (it returns: ${known.join(", ") || "nothing"})`,
    ]);
  }
  return typeof value === "number" ? value.toLocaleString("en-US") : value;
}
