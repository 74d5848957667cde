import { JUDGE_MODULE_SOURCE, LEARNER_JUDGE_MODULE_SOURCE } from "./harness";

export const LEARNER_MODULE = "solution.ts";
const REFERENCE_MODULE = "reference";
export const HARNESS_MODULE = "judge:internal";
const PUBLIC_MODULE = "judge";
/** "judge" as every module but a suite sees it: no test(), describe() or differential(). */
const LEARNER_JUDGE_MODULE = "judge:learner";
const FORBIDDEN = "forbidden:";
/** The relay's module (relay/relay-link.ts), evaluated by the host in both instances. */
const RELAY_MODULE = "judge:relay";
/** The reference itself, behind its stand-in (reference-stand-in.ts). */
export const REFERENCE_SOURCE_MODULE = "reference:source";

/** The names under which test files may import the learner's module. */
const LEARNER_ALIASES = new Set(["./solution", "./solution.ts", "learner", LEARNER_MODULE]);

/** What a judge's module graph is made of (set by Sandbox.configure). */
export interface ModuleGraph {
  /** Transpiled reference source, if hidden suites may import "reference". */
  reference?: string;
  /**
   * What hidden suites get as "reference" instead of its source: a module whose exports evaluate
   * the reference the first time one is used (reference-stand-in.ts). Without it, the reference.
   */
  referenceStandIn?: string;
  /** Module names of the hidden suites (only they may import "reference"). */
  hiddenSuites: ReadonlySet<string>;
  /** Module names of all suites. */
  suites: ReadonlySet<string>;
  /**
   * In the hidden suite's instance (decision 265): what "./solution" is there, a module whose
   * exports stand in for the learner's, relayed to the learner's instance.
   */
  learnerStub?: string;
}

const NOTHING_CONFIGURED: ModuleGraph = {
  suites: new Set<string>(),
  hiddenSuites: new Set<string>(),
};

/**
 * The fence (the learner may import only "judge"; only hidden suites may import "reference"): the
 * name `requested` from module `base` resolves to, or a forbidden name that fails to load.
 * `graph` is undefined before the sandbox is configured: nothing but the harness may load then.
 */
export function resolveModule(
  graph: ModuleGraph | undefined,
  base: string,
  requested: string,
): string {
  const options = graph ?? NOTHING_CONFIGURED;
  if (requested === PUBLIC_MODULE) {
    return options.suites.has(base) ? PUBLIC_MODULE : LEARNER_JUDGE_MODULE;
  }
  if (
    (base === PUBLIC_MODULE ||
      base === LEARNER_JUDGE_MODULE ||
      base === REFERENCE_MODULE ||
      base === RELAY_MODULE) &&
    requested === HARNESS_MODULE
  )
    return HARNESS_MODULE;
  // The relay (decision 265): in L it imports the learner's module; in H the learner's stand-in
  // imports it. The learner's own code can import neither way.
  if (base === RELAY_MODULE && requested === LEARNER_MODULE && graph !== undefined)
    return LEARNER_MODULE;
  if (base === LEARNER_MODULE && requested === RELAY_MODULE && options.learnerStub !== undefined)
    return RELAY_MODULE;
  if (options.suites.has(base)) {
    if (LEARNER_ALIASES.has(requested)) return LEARNER_MODULE;
    if (requested === REFERENCE_MODULE && options.hiddenSuites.has(base)) {
      if (options.reference !== undefined) return REFERENCE_MODULE;
    }
  }
  return FORBIDDEN + requested;
}

/** The source of a module resolveModule() named, or the error that says it cannot be imported. */
export function moduleSource(
  graph: ModuleGraph | undefined,
  name: string,
): string | { error: Error } {
  if (name === PUBLIC_MODULE) return JUDGE_MODULE_SOURCE;
  const stub = graph?.learnerStub;
  if (name === LEARNER_MODULE && stub !== undefined) return stub;
  if (name === LEARNER_JUDGE_MODULE) return LEARNER_JUDGE_MODULE_SOURCE;
  const reference = graph?.reference;
  if (name === REFERENCE_MODULE && reference !== undefined)
    return graph?.referenceStandIn ?? reference;
  const requested = name.startsWith(FORBIDDEN) ? name.slice(FORBIDDEN.length) : name;
  return {
    error: new Error(
      `cannot import "${requested}": inside the judge your module may import only "judge"`,
    ),
  };
}
