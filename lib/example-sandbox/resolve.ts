// Module names inside the example sandbox are paths from the project root ("lib/limiters/clock.ts").
// An example imports the lesson's code by its alias, the lib files import each other relatively.

/** Path from the project root → the file's JavaScript. */
export type ModuleSources = Readonly<Record<string, string>>;

/** The aliases an example may import, and the file each one is. */
export const exampleEntryPoints: Readonly<Record<string, string>> = {
  "@/lib/limiters": "lib/limiters/index.ts",
  "@/lib/simulation": "lib/simulation/index.ts",
};

export const EXAMPLE_MODULE = "example.ts";

/**
 * The module a specifier names, or an error a learner can act on. Relative imports work between lib
 * files only; an example reaches lib/ through the aliases.
 */
export function resolveModule(
  base: string,
  requested: string,
  sources: ModuleSources,
): { name: string } | { error: string } {
  const alias = exampleEntryPoints[requested];
  if (alias !== undefined) return { name: alias };
  if (base !== EXAMPLE_MODULE && requested.startsWith(".")) {
    const joined = joinPath(dirname(base), requested);
    for (const candidate of [joined, `${joined}.ts`, `${joined}/index.ts`]) {
      if (Object.hasOwn(sources, candidate)) return { name: candidate };
    }
  }
  const allowed = Object.keys(exampleEntryPoints)
    .map((name) => `"${name}"`)
    .join(" and ");
  return { error: `cannot import "${requested}": an example may import only ${allowed}` };
}

function dirname(file: string): string {
  return file.slice(0, Math.max(0, file.lastIndexOf("/")));
}

function joinPath(dir: string, relative: string): string {
  const parts = dir === "" ? [] : dir.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}
