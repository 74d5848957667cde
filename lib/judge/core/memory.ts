/** 64 KiB WebAssembly pages. */
const PAGE = 64 * 1024;

/** QuickJS's build starts with 16 MB of linear memory. */
export const SANDBOX_INITIAL_BYTES = 16 * 1024 * 1024;

/**
 * The outer wall: the runtime's own memory limit alone did not hold against a bomb (the module's
 * memory grew far past it), so the module gets a WebAssembly.Memory that can never grow past this.
 */
export const SANDBOX_MAX_BYTES = 64 * 1024 * 1024;

/** A worker whose module memory grew past this after a judge is replaced (memory never shrinks). */
export const SANDBOX_RETIRE_BYTES = 48 * 1024 * 1024;

/** The memory to give `newVariant(variant, { wasmMemory })` for one sandbox module. */
export function createSandboxMemory(maxBytes = SANDBOX_MAX_BYTES): WebAssembly.Memory {
  return new WebAssembly.Memory({
    initial: SANDBOX_INITIAL_BYTES / PAGE,
    maximum: Math.max(SANDBOX_INITIAL_BYTES, maxBytes) / PAGE,
  });
}
