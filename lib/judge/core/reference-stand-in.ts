/**
 * What a hidden suite imports as "reference" when the sandbox should not hold the reference's
 * source until it is needed (decision 190): a module exporting, under each of the reference's
 * names, a function that evaluates the reference on first use (the harness's loadReference), points
 * every binding at the real exports, and then does what the real one would. A judge that replays
 * the reference's remembered answers never uses them, so the reference never enters its memory.
 */

const FUNCTION_EXPORT = /^export\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/;
const CLASS_EXPORT = /^export\s+class\s+([A-Za-z_$][\w$]*)/;

/**
 * The stand-in for a transpiled reference, or undefined when it exports anything but functions
 * and classes (a constant's value cannot be stood in for without evaluating it).
 */
export function referenceStandIn(js: string): string | undefined {
  const names: string[] = [];
  for (const line of js.split("\n")) {
    if (!/\bexport\b/.test(line)) continue;
    const name = (FUNCTION_EXPORT.exec(line) ?? CLASS_EXPORT.exec(line))?.[1];
    // "export" anywhere else (a list, a default, a constant, even a comment): do not guess.
    if (name === undefined) return undefined;
    names.push(name);
  }
  if (names.length === 0) return undefined;
  const bindings = names.map((name) => `export let ${name} = standIn(${JSON.stringify(name)});`);
  const rebind = names.map((name) => `${name} = namespace.${name};`);
  return [
    `import { loadReference } from "judge:internal";`,
    ...bindings,
    `function load() {`,
    `  const namespace = loadReference();`,
    `  ${rebind.join(" ")}`,
    `  return namespace;`,
    `}`,
    `function standIn(name) {`,
    `  const stand = function (...args) {`,
    `    const real = load()[name];`,
    `    if (new.target === undefined) return Reflect.apply(real, this, args);`,
    `    return Reflect.construct(real, args, new.target === stand ? real : new.target);`,
    `  };`,
    `  Object.defineProperty(stand, "name", { value: name });`,
    `  return stand;`,
    `}`,
  ].join("\n");
}
