// Sandbox-side JavaScript (see lockdown.ts for the rules of these strings): remembered reference
// answers. In a judge of the reference solution itself (nothing untrusted loaded), the host has the
// harness record what the reference answered in each expectSameAs and in each random-trace batch;
// later judges of the same suites replay those answers instead of running the reference again, which
// is half of the work of those tests. See lib/judge/core/reference-answers.ts for the host side.
export const ANSWERS_SOURCE = String.raw`
const answers = { mode: "", slots: null, recorded: null, ordinal: 0 };

/** mode: "" (run the reference live), "record" or "replay" (json: this test's recorded slots). */
function setAnswers(mode, json) {
  answers.mode = mode;
  answers.slots = mode === "replay" && json !== "" ? H.parse(json) : null;
  answers.recorded = mode === "record" ? {} : null;
  answers.ordinal = 0;
}

function takeAnswers() {
  return answers.recorded === null ? "" : H.stringify(answers.recorded);
}

function savedAnswer(slot) {
  const slots = answers.slots;
  return slots !== null && call(H.hasOwn, slots, slot) ? slots[slot] : undefined;
}

/** Only values JSON carries exactly (and sameValue compares as primitives) can be remembered. */
function allPlain(values) {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === "number" ? !H.isFinite(v) : typeof v !== "boolean" && typeof v !== "string" && v !== null) return false;
  }
  return true;
}

/** Booleans, the common case, travel as a string of 0s and 1s: nothing to parse, cheap to index. */
function encodeAnswers(values) {
  const bits = [];
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== "boolean") return values;
    push(bits, values[i] ? "1" : "0");
  }
  return join(bits, "");
}

function answerAt(encoded, i) {
  return typeof encoded === "string" ? encoded[i] === "1" : encoded[i];
}
`;
