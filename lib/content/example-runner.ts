import { transform } from "sucrase";
import { ContentError } from "./content-error";

// Runs one lesson example: our own trusted content, never learner code (that goes to the judge's
// sandbox). The example's imports are served from a fixed module map, so an example can only reach
// the code the lesson is about, and its printed figures are whatever that code computes.

/** Import specifier → module namespace. Injectable so tests can run examples against stubs. */
export type ExampleModules = Readonly<Record<string, unknown>>;

export type ExampleValues = Readonly<Record<string, string | number>>;

export interface ExampleResult {
  file: string;
  source: string;
  /** Every line passed to `print`, in order. */
  lines: readonly string[];
  /** What `run` returned, for `<Value>`; empty when it returned nothing. */
  values: ExampleValues;
}

export function evaluateExample(
  file: string,
  source: string,
  modules: ExampleModules,
): ExampleResult {
  const run = loadRun(file, source, modules);
  const lines: string[] = [];
  let returned: unknown;
  try {
    returned = run((line: unknown) => {
      lines.push(...String(line).split("\n"));
    });
  } catch (error) {
    throw new ContentError(file, [`run() threw: ${messageOf(error)}`], { cause: error });
  }
  return { file, source, lines, values: checkValues(file, returned) };
}

function loadRun(file: string, source: string, modules: ExampleModules) {
  let code: string;
  try {
    code = transform(source, { transforms: ["typescript", "imports"], filePath: file }).code;
  } catch (error) {
    throw new ContentError(file, [`does not compile: ${messageOf(error)}`], { cause: error });
  }
  const allowed = Object.keys(modules);
  const require = (specifier: string): unknown => {
    if (Object.hasOwn(modules, specifier)) return modules[specifier];
    throw new ContentError(file, [
      `imports "${specifier}", but an example may import only ${allowed.map((m) => `"${m}"`).join(", ")}`,
    ]);
  };
  const commonJsModule = { exports: {} as Record<string, unknown> };
  try {
    // Trusted content compiled at build time; see the note at the top of this file.
    new Function("require", "exports", "module", code)(
      require,
      commonJsModule.exports,
      commonJsModule,
    );
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(file, [`failed while loading: ${messageOf(error)}`], { cause: error });
  }
  const run = commonJsModule.exports.run;
  if (typeof run !== "function") {
    throw new ContentError(file, ["must export a function named run(print)"]);
  }
  return run as (print: (line: unknown) => void) => unknown;
}

function checkValues(file: string, returned: unknown): ExampleValues {
  if (returned === undefined) return {};
  if (returned instanceof Promise) {
    throw new ContentError(file, ["run() must be synchronous; it returned a Promise"]);
  }
  if (typeof returned !== "object" || returned === null || Array.isArray(returned)) {
    throw new ContentError(file, ["run() must return nothing or an object of named values"]);
  }
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(returned)) {
    if (typeof value !== "string" && typeof value !== "number") {
      throw new ContentError(file, [
        `run() returned "${name}" as ${typeof value}; use a string or number`,
      ]);
    }
    values[name] = value;
  }
  return values;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
