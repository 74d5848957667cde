import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import type { Sandbox } from "../sandbox";
import { SandboxCrash } from "../sandbox-crash";
import { RELAY_SOURCE } from "./relay-source";

/**
 * The relay could not be set up in an instance: a bug, or (in L) no memory left after a visible
 * test's memory bomb, which the hidden phase reports as one instance does (hidden-phase.ts).
 */
export class RelayInstallError extends Error {
  override name = "RelayInstallError";
}

/** The relay's module in each instance; in L it also holds the learner's module namespace. */
const RELAY_MODULE = "judge:relay";
/** Longest text one crossing may carry (the guest checks too). */
const MAX_CROSSING_CHARS = 1_000_000;

/** One side of the relay: the guest module's entry points, as handles in that side's context. */
interface RelaySide {
  sandbox: Sandbox;
  handle: QuickJSHandle;
  /** The guest's entry for a fast crossing: plain values passed as themselves. */
  fast: QuickJSHandle;
  namespace: QuickJSHandle;
  /** The other side, while a judge's link stands. */
  peer?: RelaySide;
}

/**
 * H's side installed once in a kept sandbox (prepareHidden), before its memory snapshot: every
 * judge's memory restore puts its guest state back as it was, so no judge evaluates or installs it.
 */
const keptSides = new WeakMap<Sandbox, RelaySide>();

/**
 * The host between the learner's instance (L) and the hidden suite's (H) (decision 265): each side's
 * relay module asks the host to carry an operation as text, and the host hands the text to the other
 * side's `handle`, synchronously, and its answer back. When the other side cannot answer (it was
 * interrupted, ran out of memory, or its module trapped), the asking side gets an error to throw.
 */
export class RelayLink {
  /** Crossings carried since the process started, both ways (bench:judge-instances reads it). */
  static crossings = 0;

  private constructor(
    private readonly learner: RelaySide,
    private readonly hidden: RelaySide,
  ) {}

  /**
   * Installs the relay in both: in L after the learner's module has loaded (its namespace is
   * imported by the relay module there), in H before any hidden suite loads.
   */
  static connect(learner: Sandbox, hidden: Sandbox): RelayLink {
    const l = installSide(
      learner,
      `${RELAY_SOURCE}\nimport * as learnerModule from "solution.ts";\nexport const learnerExports = () => exportsOf(learnerModule);\n`,
    );
    const kept = keptSides.get(hidden);
    const h = kept ?? installSide(hidden, RELAY_SOURCE);
    l.peer = h;
    h.peer = l;
    wire(l, false);
    if (!kept) wire(h, true);
    return new RelayLink(l, h);
  }

  /**
   * Installs H's side in a sandbox about to be kept (WorkerSandbox's `prepareKept`), so that judges
   * on it skip evaluating the relay and listing the built-ins (about 6 ms of CPU a judge).
   */
  static prepareHidden(hidden: Sandbox): void {
    const side = installSide(hidden, RELAY_SOURCE);
    wire(side, true);
    keptSides.set(hidden, side);
  }

  /** The learner module's exports, as H's "./solution" defines them: names and encoded values. */
  learnerExports(): { name: string; text: string }[] {
    // Every host call into L here is guarded: a trap marks L damaged and becomes a SandboxCrash.
    return this.learner.sandbox.guarded(() => this.readLearnerExports());
  }

  private readLearnerExports(): { name: string; text: string }[] {
    const ctx = this.learner.sandbox.context;
    const list = ctx.getProp(this.learner.namespace, "learnerExports");
    try {
      const result = ctx.callFunction(list, ctx.undefined);
      if (result.error) {
        // Only an interrupt or memory running out: the learner's module then exports nothing.
        result.error.dispose();
        return [];
      }
      const text = ctx.typeof(result.value) === "string" ? ctx.getString(result.value) : "[]";
      result.value.dispose();
      return (JSON.parse(text) as [string, string][]).map(([name, value]) => ({
        name,
        text: value,
      }));
    } finally {
      list.dispose();
    }
  }

  dispose(): void {
    for (const side of [this.learner, this.hidden]) {
      side.peer = undefined;
      if (side.sandbox.damaged || keptSides.get(side.sandbox) === side) continue;
      side.handle.dispose();
      side.fast.dispose();
      side.namespace.dispose();
    }
  }
}

/** Gives one side's relay the host functions that carry its operations to its peer. */
function wire(from: RelaySide, restricted: boolean): void {
  const ctx = from.sandbox.context;
  const carry = ctx.newFunction("carry", (opHandle, textHandle) => {
    const op = ctx.getString(opHandle);
    const text = ctx.getString(textHandle);
    return ctx.newString(carryText(peerOf(from), op, text));
  });
  const fast = ctx.newFunction("fast", (...args) => {
    RelayLink.crossings++;
    return carryFastBetween(from.sandbox, peerOf(from), args);
  });
  const install = ctx.getProp(from.namespace, "install");
  const result = from.sandbox.guarded(() =>
    ctx.callFunction(install, ctx.undefined, carry, restricted ? ctx.true : ctx.false, fast),
  );
  install.dispose();
  carry.dispose();
  fast.dispose();
  if (result.error) {
    const detail = from.sandbox.dumpSafely(result.error);
    result.error.dispose();
    throw new RelayInstallError(`the judge's relay failed to install: ${JSON.stringify(detail)}`);
  }
  result.value.dispose();
}

function peerOf(side: RelaySide): RelaySide {
  if (side.peer === undefined) throw new SandboxCrash("trap");
  return side.peer;
}

/** One operation, carried to `to` as text; its answer, or an error the asking side throws. */
function carryText(to: RelaySide, op: string, text: string): string {
  RelayLink.crossings++;
  if (text.length > MAX_CROSSING_CHARS) return failure("RangeError", "a value too large to pass");
  if (to.sandbox.damaged) throw new SandboxCrash("trap");
  const ctx = to.sandbox.context;
  const opHandle = ctx.newString(op);
  const textHandle = ctx.newString(text);
  try {
    const result = to.sandbox.guarded(() =>
      ctx.callFunction(to.handle, ctx.undefined, opHandle, textHandle),
    );
    if (result.error) {
      // Uncatchable in the guest: an interrupt or memory running out while answering.
      const detail = to.sandbox.dumpSafely(result.error) as { name?: unknown; message?: unknown };
      result.error.dispose();
      const message = typeof detail?.message === "string" ? detail.message : "out of memory";
      return failure("InternalError", message);
    }
    const answer = ctx.typeof(result.value) === "string" ? ctx.getString(result.value) : "";
    result.value.dispose();
    return answer.length > MAX_CROSSING_CHARS
      ? failure("RangeError", "a value too large to pass")
      : answer;
  } finally {
    opHandle.dispose();
    textHandle.dispose();
  }
}

/**
 * A fast crossing (the guest's fast()): a read or a method call whose arguments are plain values
 * (booleans, undefined, numbers, bounded strings), copied as values from one context to the other
 * with no text built or parsed; the answer comes back as a value too, or as text in `{ t }` when it
 * is not plain. The guests check what is plain; the host copies only those kinds.
 */
function carryFastBetween(
  from: { context: QuickJSContext },
  to: { sandbox: Sandbox; fast: QuickJSHandle },
  args: readonly QuickJSHandle[],
): QuickJSHandle {
  const source = from.context;
  if (to.sandbox.damaged) throw new SandboxCrash("trap");
  const target = to.sandbox.context;
  // The operation, the object's number and the key are a number, a number and a string (the guest's
  // fast()): copied without asking their type, the arguments after them with it.
  const copies = args.map((arg, i) =>
    i < 2
      ? target.newNumber(source.getNumber(arg))
      : i === 2
        ? target.newString(source.getString(arg))
        : copyPlain(source, target, arg),
  );
  try {
    const result = to.sandbox.guarded(() =>
      target.callFunction(to.fast, target.undefined, ...copies),
    );
    if (result.error) {
      // Uncatchable in the guest: an interrupt or memory running out while answering.
      const detail = to.sandbox.dumpSafely(result.error) as { message?: unknown };
      result.error.dispose();
      const message = typeof detail?.message === "string" ? detail.message : "out of memory";
      return textAnswer(source, failure("InternalError", message));
    }
    try {
      if (target.typeof(result.value) !== "object") return copyPlain(target, source, result.value);
      const text = target.getProp(result.value, "t");
      const answer = target.typeof(text) === "string" ? target.getString(text) : "";
      text.dispose();
      return textAnswer(
        source,
        answer.length > MAX_CROSSING_CHARS
          ? failure("RangeError", "a value too large to pass")
          : answer,
      );
    } finally {
      result.value.dispose();
    }
  } finally {
    for (const copy of copies) copy.dispose();
  }
}

/** A plain value of one context made in the other (anything else becomes undefined). */
function copyPlain(from: QuickJSContext, to: QuickJSContext, handle: QuickJSHandle): QuickJSHandle {
  switch (from.typeof(handle)) {
    case "number":
      return to.newNumber(from.getNumber(handle));
    case "string": {
      const text = from.getString(handle);
      return text.length > MAX_CROSSING_CHARS ? to.undefined : to.newString(text);
    }
    case "boolean":
      return from.sameValue(handle, from.true) ? to.true : to.false;
    default:
      return to.undefined;
  }
}

/** The `{ t }` a guest's fast() reads a text answer from. */
function textAnswer(context: QuickJSContext, text: string): QuickJSHandle {
  const object = context.newObject();
  const value = context.newString(text);
  context.setProp(object, "t", value);
  value.dispose();
  return object;
}

function failure(name: string, message: string): string {
  return JSON.stringify({ err: { e: { name, message, stack: "" } } });
}

function installSide(sandbox: Sandbox, source: string): RelaySide {
  const result = sandbox.evalModule(source, RELAY_MODULE);
  if (!result.ok) {
    const detail = sandbox.dumpSafely(result.error);
    result.error.dispose();
    throw new RelayInstallError(`the judge's relay failed to load: ${JSON.stringify(detail)}`);
  }
  const namespace = result.value;
  const { context } = sandbox;
  return {
    sandbox,
    namespace,
    handle: context.getProp(namespace, "handle"),
    fast: context.getProp(namespace, "handleFast"),
  };
}
