import type { ResultsDocument, TestResult } from "./results";

/**
 * A results document is shown, sent and stored whole: it stays under this many bytes of JSON
 * whatever the submission printed or threw, so the database always takes it.
 */
export const MAX_RESULTS_BYTES = 256 * 1024;

const MAX_MESSAGE_CHARS = 4000;
const MAX_OUTPUT_CHARS = 8000;
/** Failed tests that keep their timeline when the whole document has to shrink. */
const TRACES_KEPT = 3;
const SHORT_CHARS = 300;

const NOTE = "… (cut: the judge keeps results short)";

function cut(text: string | undefined, chars: number): string | undefined {
  if (text === undefined || text.length <= chars) return text;
  return text.slice(0, chars) + NOTE;
}

function bytesOf(document: ResultsDocument): number {
  return new TextEncoder().encode(JSON.stringify(document)).length;
}

/** UTF-8 takes 1 to 3 bytes per UTF-16 unit: the length alone usually decides. */
function fits(document: ResultsDocument, maxBytes: number): boolean {
  const json = JSON.stringify(document);
  if (json.length > maxBytes) return false;
  return json.length * 3 <= maxBytes || new TextEncoder().encode(json).length <= maxBytes;
}

function trimTest(test: TestResult, messageChars: number, outputChars: number): TestResult {
  const message = messageChars === 0 ? undefined : cut(test.message, messageChars);
  const output = cut(test.output, outputChars);
  const { message: _m, output: _o, ...rest } = test;
  return {
    ...rest,
    ...(message === undefined ? {} : { message }),
    ...(output === undefined || outputChars === 0 ? {} : { output }),
  };
}

/**
 * The document within MAX_RESULTS_BYTES, with `truncated: true` when anything was left out. What
 * goes first is what matters least: extra timelines, then printed output, then long messages. The
 * verdict, the status and every test's name and status always stay.
 */
export function boundResultsDocument(
  document: ResultsDocument,
  maxBytes = MAX_RESULTS_BYTES,
): ResultsDocument {
  const over = (text: string | undefined, chars: number) => (text?.length ?? 0) > chars;
  const needsCuts =
    over(document.message, MAX_MESSAGE_CHARS) ||
    over(document.output, MAX_OUTPUT_CHARS) ||
    document.tests.some(
      (t) => over(t.message, MAX_MESSAGE_CHARS) || over(t.output, MAX_OUTPUT_CHARS),
    );
  // The usual document is a few kilobytes: one serialisation tells it fits (3 bytes per unit at most).
  if (!needsCuts && fits(document, maxBytes)) return document;
  const tests = document.tests.map((t) => trimTest(t, MAX_MESSAGE_CHARS, MAX_OUTPUT_CHARS));
  const capped: ResultsDocument = {
    ...document,
    ...(document.message === undefined
      ? {}
      : { message: cut(document.message, MAX_MESSAGE_CHARS) }),
    ...(document.output === undefined ? {} : { output: cut(document.output, MAX_OUTPUT_CHARS) }),
    tests,
  };
  if (fits(capped, maxBytes)) return { ...capped, truncated: true };

  const shrinks: ((doc: ResultsDocument) => ResultsDocument)[] = [
    (doc) => {
      let kept = 0;
      return {
        ...doc,
        tests: doc.tests.map((t) => {
          if (!t.trace) return t;
          if (kept++ < TRACES_KEPT) return t;
          const { trace: _t, ...rest } = t;
          return rest;
        }),
      };
    },
    (doc) => {
      const { output: _o, ...rest } = doc;
      return { ...rest, tests: doc.tests.map((t) => trimTest(t, MAX_MESSAGE_CHARS, 0)) };
    },
    (doc) => ({ ...doc, tests: doc.tests.map((t) => trimTest(t, SHORT_CHARS, 0)) }),
    (doc) => {
      const { counterexample: _c, compileErrors, ...rest } = doc;
      return {
        ...rest,
        ...(compileErrors ? { compileErrors: compileErrors.slice(0, 20) } : {}),
        tests: doc.tests.map(({ trace: _t, ...t }) => t),
      };
    },
    (doc) => ({ ...doc, tests: doc.tests.map((t) => trimTest(t, 0, 0)) }),
  ];
  let current: ResultsDocument = { ...capped, truncated: true };
  for (const shrink of shrinks) {
    current = shrink(current);
    if (fits(current, maxBytes)) return current;
  }
  // Only names and statuses are left: keep as many tests as fit, and say how many were dropped.
  const all = current.tests;
  // Room left for tests once the rest (and a message of up to SHORT_CHARS) is written.
  let room = maxBytes - bytesOf({ ...current, tests: [] }) - 4 * SHORT_CHARS;
  let keep = 0;
  while (keep < all.length) {
    room -= bytesOf(all[keep] as unknown as ResultsDocument) + 1;
    if (room < 0) break;
    keep++;
  }
  return {
    ...current,
    tests: all.slice(0, keep),
    message: cut(
      `${current.message ?? ""} ${all.length - keep} of ${all.length} test results were left out.`.trim(),
      SHORT_CHARS,
    ),
  };
}
