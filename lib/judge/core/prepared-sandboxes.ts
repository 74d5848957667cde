import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { Sandbox } from "./sandbox";

/**
 * At most one sandbox made ahead of the next judge on one QuickJS module (decision 202): a host
 * calls prepare() when it is idle (after answering a judge), and a judge takes it instead of making
 * its own. A taken sandbox has run nothing but the harness; it is never handed out twice.
 */
export class PreparedSandboxes {
  private ready: Sandbox | undefined;

  constructor(readonly quickjs: QuickJSWASMModule) {}

  /** Makes the next judge's sandbox now, unless one is ready. */
  prepare(): void {
    this.ready ??= Sandbox.prepare(this.quickjs);
  }

  /** The ready sandbox, if there is one for this module; the caller configures and disposes it. */
  take(quickjs: QuickJSWASMModule): Sandbox | undefined {
    const sandbox = this.ready;
    this.ready = undefined;
    if (sandbox && sandbox.quickjs !== quickjs) {
      sandbox.dispose();
      return undefined;
    }
    return sandbox;
  }

  /** Frees the ready sandbox (the module is about to be discarded, or the host is idle for good). */
  discard(): void {
    this.ready?.dispose();
    this.ready = undefined;
  }
}
