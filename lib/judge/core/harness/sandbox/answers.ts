import { H, call, join, push } from "./intrinsics";

// Remembered reference answers. In a judge of the reference solution itself (nothing untrusted
// loaded), the host has the harness record what the reference answered in each expectSameAs and in
// each random-trace batch; later judges of the same suites replay those answers instead of running
// the reference again, which is half of the work of those tests. See
// lib/judge/core/reference-answers.ts for the host side.

/** The reference's answers to one comparison: booleans as a string of 0s and 1s, or the values. */
export type EncodedAnswers = string | unknown[];

/** One remembered comparison: its inputs' fingerprint, the answers, the levels (or null). */
export interface Slot {
  f: unknown;
  v: EncodedAnswers;
  l: unknown[] | null;
}

export type AnswersMode = "" | "record" | "replay";

export const answers = {
  mode: "" as AnswersMode,
  slots: null as Record<string, Slot> | null,
  recorded: null as Record<string, Slot> | null,
  ordinal: 0,
};

/** mode: "" (run the reference live), "record" or "replay" (json: this test's recorded slots). */
export function setAnswers(mode: AnswersMode, json: string): void {
  answers.mode = mode;
  answers.slots = mode === "replay" && json !== "" ? (H.parse(json) as Record<string, Slot>) : null;
  answers.recorded = mode === "record" ? {} : null;
  answers.ordinal = 0;
}

export function takeAnswers(): string {
  return answers.recorded === null ? "" : H.stringify(answers.recorded);
}

export function savedAnswer(slot: string): Slot | undefined {
  const slots = answers.slots;
  return slots !== null && call(H.hasOwn, slots, slot) ? slots[slot] : undefined;
}

/** Only values JSON carries exactly (and sameValue compares as primitives) can be remembered. */
export function allPlain(values: unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (
      typeof v === "number"
        ? !H.isFinite(v)
        : typeof v !== "boolean" && typeof v !== "string" && v !== null
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Booleans, the common case, travel as a string of 0s and 1s: nothing to parse, cheap to index
 * (the drivers read answer i as `encoded[i] === "1"`, or `encoded[i]` for a list of values).
 */
export function encodeAnswers(values: unknown[]): EncodedAnswers {
  const bits: string[] = [];
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== "boolean") return values;
    push(bits, values[i] ? "1" : "0");
  }
  return join(bits, "");
}
