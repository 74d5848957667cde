// Compile-time proof that the harness implements the "judge" module learners and suites are typed
// against (lib/judge/judge-module.d.ts, which tsc and Monaco read): every export takes at least what
// the declaration promises and returns what it says. Checked by `npm run typecheck` (this folder's
// tsconfig); tests/unit/judge/judge-module-types.test.ts checks that the names agree.
import type * as Declared from "judge";
import type * as Harness from "./judge-internal";

/** Compiles only when Impl can stand wherever Decl is promised. */
type Implements<Decl, Impl extends Decl> = Impl;

export type Checks = [
  Implements<typeof Declared.test, typeof Harness.test>,
  Implements<typeof Declared.describe, typeof Harness.describe>,
  Implements<typeof Declared.expect, typeof Harness.expect>,
  Implements<typeof Declared.expectTrace, typeof Harness.expectTrace>,
  Implements<typeof Declared.expectSameAs, typeof Harness.expectSameAs>,
  Implements<typeof Declared.differential, typeof Harness.differential>,
  Implements<typeof Declared.burst, typeof Harness.burst>,
  Implements<typeof Declared.javaRandom, typeof Harness.javaRandom>,
  Implements<typeof Declared.heapBytes, typeof Harness.heapBytes>,
  Implements<typeof Declared.traceOf, typeof Harness.traceOf>,
  Implements<typeof Declared.offerEachSecond, typeof Harness.offerEachSecond>,
  Implements<Declared.ManualClock, Harness.ManualClock>,
  Implements<
    ConstructorParameters<typeof Harness.ManualClock>,
    ConstructorParameters<typeof Declared.ManualClock>
  >,
  Implements<Declared.SharedStore, Harness.SharedStore>,
  Implements<
    ConstructorParameters<typeof Harness.SharedStore>,
    ConstructorParameters<typeof Declared.SharedStore>
  >,
];
