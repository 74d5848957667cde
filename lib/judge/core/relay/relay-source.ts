import { RELAY_ENTRIES } from "./relay-source-entries";
import { RELAY_STAND_INS } from "./relay-source-stand-ins";
import { RELAY_VALUES } from "./relay-source-values";

/**
 * The guest half of the relay between the learner's instance (L) and the hidden suite's (H)
 * (decision 265), evaluated as a module in each after the harness has locked the intrinsics down.
 * Values cross as text in a tagged JSON form: plain data is copied (numbers, strings, booleans,
 * null, undefined, arrays, plain objects; bounded in depth and size), and anything else (a class
 * instance, a function, a promise) stays where it is and crosses as a numbered stand-in whose use is
 * relayed back. The host only moves strings between the two: no handle of one instance ever reaches
 * the other. On H's side a stand-in reaches only what the object itself defines: never a built-in
 * method, a constructor or a function's source.
 *
 * One module's text in three parts, each a file of its own for its length: the parts share one
 * scope once joined, so the order matters (state and helpers first, the host's entries last).
 */
export const RELAY_SOURCE = RELAY_VALUES + RELAY_STAND_INS + RELAY_ENTRIES;
