/**
 * The host threw from inside the WebAssembly module (its own stack overflowed, or the module trapped).
 * The module's memory may be inconsistent: the caller must discard it.
 */
export class SandboxCrash extends Error {
  override readonly name = "SandboxCrash";
  constructor(
    readonly reason: "host-stack" | "trap",
    options?: { cause?: unknown },
  ) {
    super(
      reason === "host-stack"
        ? "the sandbox overflowed its host stack"
        : "the sandbox's WebAssembly module trapped",
      options,
    );
  }
}

/**
 * Runs a host call into the module; a host-side exception from inside WebAssembly means the module
 * can no longer be trusted: `onDamage` marks it, and the exception becomes a SandboxCrash.
 */
export function guardHostCall<T>(run: () => T, onDamage: () => void): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      onDamage();
      throw new SandboxCrash("host-stack", { cause: error });
    }
    if (error instanceof WebAssembly.RuntimeError) {
      onDamage();
      throw new SandboxCrash("trap", { cause: error });
    }
    throw error;
  }
}
