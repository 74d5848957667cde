/**
 * Where, in a module's JavaScript (UTF-8 bytes), the texts QuickJS keeps as strings of their own
 * are: string literals' and template chunks' contents, regular expressions' bodies and identifiers
 * (decision 460). A copy of source text the scrubber finds inside one of these may be a live string
 * (a test's name, a property's name, a message): it is left alone. Anything else that is source
 * text is a function's kept source or a freed buffer of the parser.
 *
 * A small lexer, for the exercises' own transpiled suites and references, not for hostile code:
 * where it guesses wrong (a regular expression after `}`) it marks more as literal, which only
 * leaves more text in place, never blanks a live string.
 */
export type Span = readonly [start: number, end: number];

const QUOTE_SINGLE = 0x27;
const QUOTE_DOUBLE = 0x22;
const BACKTICK = 0x60;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR = 0x2a;
const NEWLINE = 0x0a;
const DOLLAR = 0x24;
const BRACE_OPEN = 0x7b;
const BRACE_CLOSE = 0x7d;

/** Keywords after which a slash starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

export function isIdentifierByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x5f ||
    byte === DOLLAR ||
    byte >= 0x80
  );
}

/** The spans of `source` (bytes) whose text QuickJS may keep as a string, in order. */
export function literalSpans(source: Uint8Array): Span[] {
  const spans: Span[] = [];
  const n = source.length;
  // Brace depths at which a template's `${` was opened: its `}` resumes the template.
  const templates: number[] = [];
  let depth = 0;
  // Whether the last token ends a value (a slash after it divides).
  let afterValue = false;
  let i = 0;

  /** Scans a template chunk from `start` to its `${` or closing backtick. */
  const templateChunk = (start: number): number => {
    let j = start;
    while (j < n && source[j] !== BACKTICK) {
      if (source[j] === BACKSLASH) j += 2;
      else if (source[j] === DOLLAR && source[j + 1] === BRACE_OPEN) {
        spans.push([start, j]);
        templates.push(depth);
        depth++;
        afterValue = false;
        return j + 2;
      } else j++;
    }
    spans.push([start, Math.min(j, n)]);
    afterValue = true;
    return j + 1;
  };

  while (i < n) {
    const c = source[i]!;
    if (c === SLASH && source[i + 1] === SLASH) {
      while (i < n && source[i] !== NEWLINE) i++;
    } else if (c === SLASH && source[i + 1] === STAR) {
      i += 2;
      while (i < n && !(source[i] === STAR && source[i + 1] === SLASH)) i++;
      i += 2;
    } else if (c <= 0x20) {
      i++;
    } else if (c === QUOTE_SINGLE || c === QUOTE_DOUBLE) {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== NEWLINE)
        j += source[j] === BACKSLASH ? 2 : 1;
      spans.push([i + 1, Math.min(j, n)]);
      afterValue = true;
      i = j + 1;
    } else if (c === BACKTICK) {
      i = templateChunk(i + 1);
    } else if (c === BRACE_CLOSE && templates.length > 0 && templates.at(-1) === depth - 1) {
      templates.pop();
      depth--;
      i = templateChunk(i + 1);
    } else if (isIdentifierByte(c)) {
      let j = i + 1;
      while (j < n && isIdentifierByte(source[j]!)) j++;
      spans.push([i, j]);
      // The keywords are 2 to 10 letters long: only those words need reading.
      afterValue =
        j - i > 10 || !BEFORE_EXPRESSION.has(String.fromCharCode(...source.subarray(i, j)));
      i = j;
    } else if (c === SLASH && !afterValue) {
      // A regular expression: up to the slash outside a character class, then its flags.
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== NEWLINE && (inClass || source[j] !== SLASH)) {
        if (source[j] === BACKSLASH) j++;
        else if (source[j] === 0x5b) inClass = true;
        else if (source[j] === 0x5d) inClass = false;
        j++;
      }
      spans.push([i + 1, Math.min(j, n)]);
      j++;
      while (j < n && isIdentifierByte(source[j]!)) j++;
      afterValue = true;
      i = j;
    } else {
      if (c === BRACE_OPEN) depth++;
      if (c === BRACE_CLOSE) depth--;
      // After `)` or `]` a slash divides; after `}` (a block, usually) it starts an expression.
      afterValue = c === 0x29 || c === 0x5d;
      i++;
    }
  }
  return spans;
}
