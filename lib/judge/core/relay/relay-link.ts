import type { QuickJSHandle } from "quickjs-emscripten-core";
import { SandboxCrash, type Sandbox } from "../sandbox";
import { RELAY_SOURCE } from "./relay-source";

/** The relay's module in each instance; in L it also holds the learner's module namespace. */
export const RELAY_MODULE = "judge:relay";
/** Longest text one crossing may carry (the guest checks too). */
const MAX_CROSSING_CHARS = 1_000_000;

/** One side of the relay: the guest module's entry points, as handles in that side's context. */
interface RelaySide {
  sandbox: Sandbox;
  handle: QuickJSHandle;
  namespace: QuickJSHandle;
}

/**
 * The host between the learner's instance (L) and the hidden suite's (H) (decision 265): each side's
 * relay module asks the host to carry an operation as text, and the host hands the text to the other
 * side's `handle`, synchronously, and its answer back. When the other side cannot answer (it was
 * interrupted, ran out of memory, or its module trapped), the asking side gets an error to throw.
 */
export class RelayLink {
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
      `${RELAY_SOURCE}\nexport * as learnerModule from "solution.ts";\n`,
    );
    const h = installSide(hidden, RELAY_SOURCE);
    const link = new RelayLink(l, h);
    link.wire(l, h, false);
    link.wire(h, l, true);
    return link;
  }

  /** The learner module's exports, as H's "./solution" defines them: names and encoded values. */
  learnerExports(): { name: string; text: string }[] {
    const ctx = this.learner.sandbox.context;
    const ns = ctx.getProp(this.learner.namespace, "learnerModule");
    const exportOf = ctx.getProp(this.learner.namespace, "exportOf");
    try {
      const keys = ctx.getOwnPropertyNames(ns, { strings: true, onlyEnumerable: true });
      const names = keys.unwrap().map((key) => ctx.getString(key));
      keys.unwrap().dispose();
      return names.map((name) => {
        const nameHandle = ctx.newString(name);
        const result = this.learner.sandbox.guarded(() =>
          ctx.callFunction(exportOf, ctx.undefined, ns, nameHandle),
        );
        nameHandle.dispose();
        if (result.error) {
          result.error.dispose();
          return { name, text: `{"u":1}` };
        }
        const text = ctx.getString(result.value);
        result.value.dispose();
        return { name, text };
      });
    } finally {
      ns.dispose();
      exportOf.dispose();
    }
  }

  dispose(): void {
    for (const side of [this.learner, this.hidden]) {
      if (side.sandbox.damaged) continue;
      side.handle.dispose();
      side.namespace.dispose();
    }
  }

  private wire(from: RelaySide, to: RelaySide, restricted: boolean): void {
    const ctx = from.sandbox.context;
    const carry = ctx.newFunction("carry", (opHandle, textHandle) => {
      const op = ctx.getString(opHandle);
      const text = ctx.getString(textHandle);
      return ctx.newString(this.carry(to, op, text));
    });
    const install = ctx.getProp(from.namespace, "install");
    const result = from.sandbox.guarded(() =>
      ctx.callFunction(install, ctx.undefined, carry, restricted ? ctx.true : ctx.false),
    );
    install.dispose();
    carry.dispose();
    if (result.error) {
      const detail = from.sandbox.dumpSafely(result.error);
      result.error.dispose();
      throw new Error(`the judge's relay failed to install: ${JSON.stringify(detail)}`);
    }
    result.value.dispose();
  }

  /** One operation, carried to `to` as text; its answer, or an error the asking side throws. */
  private carry(to: RelaySide, op: string, text: string): string {
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
}

function failure(name: string, message: string): string {
  return JSON.stringify({ err: { e: { name, message, stack: "" } } });
}

function installSide(sandbox: Sandbox, source: string): RelaySide {
  const result = sandbox.evalModule(source, RELAY_MODULE);
  if (!result.ok) {
    const detail = sandbox.dumpSafely(result.error);
    result.error.dispose();
    throw new Error(`the judge's relay failed to load: ${JSON.stringify(detail)}`);
  }
  const namespace = result.value;
  return { sandbox, namespace, handle: sandbox.context.getProp(namespace, "handle") };
}
