import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";

/** What the host passes to the harness's internal API: primitives, or handles it owns. */
export type GuestArgument = string | number | boolean | QuickJSHandle;

/**
 * Calls `run` with `args` as handles in `context`, and frees the handles made for strings and
 * numbers afterwards (booleans are the context's own; handles stay the caller's).
 */
export function withGuestArguments<T>(
  context: QuickJSContext,
  args: readonly GuestArgument[],
  run: (handles: QuickJSHandle[]) => T,
): T {
  const handles = args.map((a) =>
    typeof a === "string"
      ? context.newString(a)
      : typeof a === "number"
        ? context.newNumber(a)
        : typeof a === "boolean"
          ? a
            ? context.true
            : context.false
          : a,
  );
  try {
    return run(handles);
  } finally {
    handles.forEach((h, i) => {
      if (typeof args[i] === "string" || typeof args[i] === "number") h.dispose();
    });
  }
}
