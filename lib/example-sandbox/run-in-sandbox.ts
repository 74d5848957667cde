import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from "quickjs-emscripten-core";
import { transpileTypeScript } from "../judge/core/transpile";
import { EXAMPLE_MODULE, resolveModule, type ModuleSources } from "./resolve";

// Runs a lesson example, as the learner edited it, inside QuickJS: the same `run(print)` contract as
// the build-time runner (lib/content/example-runner.ts), against the same lib/ code, with limits so
// that an endless loop or a memory bomb ends with a message instead of a frozen tab. Environment-
// agnostic: the browser's example worker and the unit tests both call it.

export interface ExampleSandboxLimits {
  /** Wall time for loading and running the program. */
  timeMs: number;
  memoryBytes: number;
  stackBytes: number;
  /** Printed lines kept; the rest are dropped with a note. */
  maxLines: number;
  maxChars: number;
}

export const DEFAULT_EXAMPLE_LIMITS: ExampleSandboxLimits = {
  timeMs: 5_000,
  memoryBytes: 48 * 1024 * 1024,
  stackBytes: 512 * 1024,
  maxLines: 2_000,
  maxChars: 200_000,
};

export type ExampleRun =
  | { ok: true; lines: string[]; truncated: boolean; values: Record<string, string | number> }
  | {
      ok: false;
      /** What went wrong, written for the learner, with the line when known. */
      error: string;
      /** Lines printed before it went wrong. */
      lines: string[];
      truncated: boolean;
    };

export interface ExampleSandboxInput {
  quickjs: QuickJSWASMModule;
  source: string;
  modules: ModuleSources;
  limits?: Partial<ExampleSandboxLimits>;
  now?: () => number;
}

export function runExampleInSandbox(input: ExampleSandboxInput): ExampleRun {
  const limits = { ...DEFAULT_EXAMPLE_LIMITS, ...input.limits };
  const now = input.now ?? (() => performance.now());
  const lines: string[] = [];
  let chars = 0;
  let truncated = false;
  const fail = (error: string): ExampleRun => ({ ok: false, error, lines, truncated });

  const compiled = transpileTypeScript(input.source);
  if (!compiled.ok) {
    const first = compiled.errors[0]!;
    return fail(`Line ${first.line}, column ${first.column}: ${first.message}`);
  }

  const runtime = input.quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  const deadline = now() + limits.timeMs;
  let timedOut = false;
  runtime.setInterruptHandler(() => {
    if (now() > deadline) timedOut = true;
    return timedOut;
  });
  const loadErrors = new Map<string, string>();
  runtime.setModuleLoader(
    (name) => {
      if (name === EXAMPLE_MODULE) return compiled.code;
      const failure = loadErrors.get(name);
      if (failure !== undefined) return { error: new Error(failure) };
      return input.modules[name] ?? { error: new Error(`cannot import "${name}"`) };
    },
    (base, requested) => {
      const resolved = resolveModule(base, requested, input.modules);
      if ("name" in resolved) return resolved.name;
      const name = `unresolved:${requested}`;
      loadErrors.set(name, resolved.error);
      return name;
    },
  );
  const context = runtime.newContext();
  const print = (line: string) => {
    if (truncated) return;
    for (const part of line.split("\n")) {
      if (lines.length >= limits.maxLines || chars + part.length > limits.maxChars) {
        truncated = true;
        return;
      }
      lines.push(part);
      chars += part.length;
    }
  };
  const describe = (error: QuickJSHandle) => {
    const message = timedOut
      ? `The program ran for more than ${limits.timeMs / 1000} s and was stopped. Is there an endless loop?`
      : describeError(context, error);
    error.dispose();
    return message;
  };

  try {
    installConsole(context, print);
    const prelude = context.evalCode(NUMBER_FORMAT_PRELUDE, "prelude.js");
    if (prelude.error) return fail(describe(prelude.error));
    prelude.value.dispose();
    const loaded = context.evalCode(compiled.code, EXAMPLE_MODULE, { type: "module" });
    if (loaded.error) return fail(describe(loaded.error));
    const run = context.getProp(loaded.value, "run");
    loaded.value.dispose();
    if (context.typeof(run) !== "function") {
      run.dispose();
      return fail("The program must export a function named run(print).");
    }
    const printHandle = context.newFunction("print", (...args) => {
      print(args.map((arg) => String(context.dump(arg))).join(" "));
    });
    const called = context.callFunction(run, context.undefined, printHandle);
    printHandle.dispose();
    run.dispose();
    if (called.error) return fail(describe(called.error));
    const returned = context.dump(called.value) as unknown;
    called.value.dispose();
    return { ok: true, lines, truncated, values: namedValues(returned) };
  } catch (error) {
    // Thrown by the host, not the program: memory exhausted in a way QuickJS could not report.
    return fail(
      error instanceof Error && /memory/i.test(error.message)
        ? "The program ran out of memory."
        : `The sandbox stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // A runtime that leaked on an out-of-memory path cannot be freed; the worker is replaced.
    }
  }
}

/**
 * QuickJS has no Intl: `toLocaleString` would print 1200 where the page, built by Node, printed
 * 1,200. The examples format counts the en-US way, so the sandbox does too (grouped thousands, at
 * most three decimals unless asked otherwise).
 */
const NUMBER_FORMAT_PRELUDE = `
Object.defineProperty(Number.prototype, "toLocaleString", {
  configurable: true,
  writable: true,
  value: function toLocaleString(_locales, options) {
    const n = Number(this);
    if (!Number.isFinite(n)) return String(n);
    const min = (options && options.minimumFractionDigits) || 0;
    const max = Math.max(min, options && options.maximumFractionDigits !== undefined ? options.maximumFractionDigits : 3);
    const fixed = Math.abs(n).toFixed(max);
    let [whole, fraction = ""] = fixed.split(".");
    while (fraction.length > min && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
    whole = whole.replace(/\\B(?=(\\d{3})+(?!\\d))/g, ",");
    const sign = n < 0 && Number(fixed) !== 0 ? "-" : "";
    return sign + whole + (fraction ? "." + fraction : "");
  },
});
`;

function installConsole(context: QuickJSContext, print: (line: string) => void) {
  const consoleObject = context.newObject();
  const log = context.newFunction("log", (...args) => {
    print(args.map((arg) => formatForLog(context.dump(arg))).join(" "));
  });
  for (const name of ["log", "info", "warn", "error"]) context.setProp(consoleObject, name, log);
  context.setProp(context.global, "console", consoleObject);
  log.dispose();
  consoleObject.dispose();
}

function formatForLog(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function describeError(context: QuickJSContext, handle: QuickJSHandle): string {
  const error = context.dump(handle) as { name?: string; message?: string; stack?: string } | null;
  if (error === null || typeof error !== "object") return `The program threw ${String(error)}.`;
  const name = error.name ?? "Error";
  if (name === "InternalError" && /out of memory|stack overflow/i.test(error.message ?? "")) {
    return /stack/i.test(error.message ?? "")
      ? "The program recursed too deeply (stack overflow)."
      : "The program ran out of memory.";
  }
  const where = /example\.ts:(\d+)(?::(\d+))?/.exec(error.stack ?? "");
  const line = where ? ` (line ${where[1]})` : "";
  return `${name}: ${error.message ?? ""}${line}`;
}

function namedValues(returned: unknown): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  if (typeof returned !== "object" || returned === null) return values;
  for (const [name, value] of Object.entries(returned)) {
    if (typeof value === "string" || typeof value === "number") values[name] = value;
  }
  return values;
}
