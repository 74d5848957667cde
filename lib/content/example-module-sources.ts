import fs from "node:fs";
import path from "node:path";
import { transform } from "sucrase";
import { exampleEntryPoints, type ModuleSources } from "@/lib/example-sandbox/resolve";

/**
 * The JavaScript of every file an example can reach through "@/lib/limiters" and "@/lib/simulation",
 * keyed by its path from the project root ("lib/limiters/clock.ts"): what the browser's example
 * sandbox evaluates, so an edited example runs against the same code the page was built with. Types
 * are stripped (sucrase), ES modules kept; only files the entry points import are included, so the
 * Node-only ones (the Redis store) never reach the browser.
 */
export function exampleModuleSources(root = process.cwd()): ModuleSources {
  const sources: Record<string, string> = {};
  const pending = Object.values(exampleEntryPoints);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (sources[file] !== undefined) continue;
    const typescript = fs.readFileSync(path.join(root, file), "utf8");
    const code = transform(typescript, {
      transforms: ["typescript"],
      disableESTransforms: true,
      filePath: file,
    }).code;
    sources[file] = code;
    for (const specifier of importsOf(code)) {
      if (!specifier.startsWith(".")) {
        throw new Error(
          `${file} imports "${specifier}": the example sandbox serves only lib/ files`,
        );
      }
      pending.push(resolveFile(root, file, specifier));
    }
  }
  return sources;
}

/** The specifiers of a module's static imports and re-exports. */
function importsOf(code: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of code.matchAll(
    /(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']/g,
  )) {
    found.add(specifier!);
  }
  for (const [, specifier] of code.matchAll(/(?:^|[;\s])import\s*["']([^"']+)["']/g)) {
    found.add(specifier!);
  }
  return [...found];
}

function resolveFile(root: string, from: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    if (candidate.endsWith(".ts") && fs.existsSync(path.join(root, candidate))) return candidate;
  }
  throw new Error(`${from} imports "${specifier}", which is not a file of lib/`);
}
