// Sandbox-side JavaScript, kept as text: it is evaluated inside QuickJS, never by the host. It must
// not contain a backtick or a dollar-brace sequence (it lives in a String.raw template).
//
// Runs first, before any learner code: captures what the harness needs, replaces the wall clock and
// Math.random, installs console, and defines lockdown(), which the harness calls last to freeze every
// reachable intrinsic and globalThis itself, so learner code can neither pollute a prototype the
// tests rely on nor swap a global they call.
export const LOCKDOWN_SOURCE = String.raw`
const H = {
  freeze: Object.freeze,
  keys: Object.keys,
  defineProperty: Object.defineProperty,
  getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
  getPrototypeOf: Object.getPrototypeOf,
  ownKeys: Reflect.ownKeys,
  apply: Reflect.apply,
  construct: Reflect.construct,
  stringify: JSON.stringify,
  parse: JSON.parse,
  isArray: Array.isArray,
  isFinite: Number.isFinite,
  isInteger: Number.isInteger,
  floor: Math.floor,
  min: Math.min,
  max: Math.max,
  abs: Math.abs,
  imul: Math.imul,
  String: String,
  Number: Number,
  Error: Error,
  Promise: Promise,
  Set: Set,
  push: Array.prototype.push,
  join: Array.prototype.join,
  slice: String.prototype.slice,
  indexOf: String.prototype.indexOf,
  replace: String.prototype.replace,
  split: String.prototype.split,
  toFixed: Number.prototype.toFixed,
  hasOwn: Object.prototype.hasOwnProperty,
  setHas: Set.prototype.has,
  setAdd: Set.prototype.add,
};
// Features no limiter needs, each tied to a memory-safety bug of the engine build (decision 100):
// a buffer that can shrink under a typed array's feet (resizable and growable buffers: the
// Reflect.construct window, with() over-read, a sort comparator that resizes), one that can be
// detached (transfer), Atomics on such buffers, and FinalizationRegistry/WeakRef callbacks. They go
// before any other code runs, so nothing can keep a reference to them.
const RealArrayBuffer = ArrayBuffer;
const arrayBufferPrototype = RealArrayBuffer.prototype;
delete arrayBufferPrototype.resize;
delete arrayBufferPrototype.transfer;
delete arrayBufferPrototype.transferToFixedLength;
/** new ArrayBuffer(bytes): the options argument (maxByteLength) is not read, so no buffer resizes. */
function SandboxArrayBuffer(bytes) {
  if (new.target === undefined) throw new TypeError("ArrayBuffer must be called with new");
  return H.construct(RealArrayBuffer, [bytes], new.target);
}
SandboxArrayBuffer.prototype = arrayBufferPrototype;
SandboxArrayBuffer.isView = RealArrayBuffer.isView;
H.defineProperty(SandboxArrayBuffer, Symbol.species, { get() { return this; }, configurable: true });
H.defineProperty(arrayBufferPrototype, "constructor", { value: SandboxArrayBuffer, writable: true, configurable: true });
globalThis.ArrayBuffer = SandboxArrayBuffer;
delete H.getPrototypeOf(Uint8Array.prototype).with;
delete globalThis.SharedArrayBuffer;
delete globalThis.Atomics;
delete globalThis.FinalizationRegistry;
delete globalThis.WeakRef;

// The host's one function (see Sandbox): taken off the global before learner code can see the global.
const hostHeapBytes = globalThis.__judgeHeapBytes;
delete globalThis.__judgeHeapBytes;
/** Bytes the sandbox's heap holds now, by QuickJS's count; NaN when it cannot be measured. */
function heapBytes() {
  return typeof hostHeapBytes === "function" ? hostHeapBytes() : NaN;
}
// The host's loader of the reference, given to the reference's stand-in only (decision 190).
const hostLoadReference = globalThis.__judgeLoadReference;
delete globalThis.__judgeLoadReference;
let referenceNamespace;
/** The reference's namespace, evaluated on first use: until then its source is not in the heap. */
function loadReference() {
  if (referenceNamespace === undefined) {
    if (typeof hostLoadReference !== "function") throw new TypeError("the reference is not available here");
    referenceNamespace = hostLoadReference();
  }
  return referenceNamespace;
}
const call = (fn, self, ...args) => H.apply(fn, self, args);
// Safe without the captured push: lockdown() freezes Array.prototype, so no index setter can exist.
const push = (array, value) => { array[array.length] = value; };
const join = (array, sep) => call(H.join, array, sep);
const str = (value) => H.String(value);

class WallClockError extends Error {
  constructor(what) {
    super(what + " does not tell the time in the judge: read the time from the clock your limiter was given (clock.now()). A limiter that reads the wall clock cannot be tested and decides differently on every run.");
    this.name = "WallClockError";
  }
}
let wallClockReads = 0;
function wallClock(what) {
  wallClockReads++;
  throw new WallClockError(what);
}

// Date keeps its calendar arithmetic (new Date(ms) works) but has no "now".
const RealDate = Date;
function SandboxDate(...args) {
  if (new.target === undefined) wallClock("Date()");
  if (args.length === 0) wallClock("new Date()");
  return H.construct(RealDate, args, new.target);
}
SandboxDate.prototype = RealDate.prototype;
SandboxDate.now = function now() { return wallClock("Date.now()"); };
SandboxDate.UTC = RealDate.UTC;
SandboxDate.parse = RealDate.parse;
H.defineProperty(RealDate.prototype, "constructor", { value: SandboxDate, writable: true, configurable: true });
globalThis.Date = SandboxDate;
globalThis.performance = { now() { return wallClock("performance.now()"); } };

// A seeded generator (mulberry32): a verdict must be a pure function of the code and the suite.
let randomState = 0;
function seedRandom(seed) { randomState = seed >>> 0; }
Math.random = function random() {
  randomState = (randomState + 0x6d2b79f5) >>> 0;
  let t = randomState;
  t = H.imul(t ^ (t >>> 15), t | 1);
  t ^= t + H.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

// Console output is kept per test, capped; past the cap it is counted, not stored. Past
// OUTPUT_LIMIT characters in one test the test is stopped (decision 121): making that much text costs
// the learner's code far more time than the limiter does, and the cause must be named, not guessed.
const OUTPUT_LIMIT = 1000000;
const output = { text: "", dropped: 0, droppedLines: 0, printed: 0, cap: 4000, over: "" };
class OutputLimitError extends Error {
  constructor() {
    super("the test printed more than " + OUTPUT_LIMIT + " characters");
    this.name = "OutputLimitError";
  }
}
function takeOutput() {
  let text = output.text;
  if (output.droppedLines > 0) {
    text += "... output cut: the judge keeps the first " + output.cap + " characters a test prints; " +
      output.droppedLines + " more line" + (output.droppedLines === 1 ? "" : "s") + " (" + output.dropped + " characters) not shown\n";
  }
  output.text = "";
  output.dropped = 0;
  output.droppedLines = 0;
  output.printed = 0;
  return text;
}
/** The output and, if the test printed past the limit, where (the host's one call after a test). */
function takeOutputReport() {
  const over = output.over;
  output.over = "";
  return H.stringify({ text: takeOutput(), over });
}
function print(args) {
  if (output.over !== "") throw new OutputLimitError();
  const parts = [];
  let length = 1;
  for (let i = 0; i < args.length && i < 16; i++) {
    const part = inspect(args[i], 2, true);
    push(parts, part);
    length += part.length + (i > 0 ? 1 : 0);
  }
  output.printed += length;
  if (output.printed > OUTPUT_LIMIT) {
    const where = learnerLine(new H.Error());
    output.over = where === "" ? "unknown" : where;
    throw new OutputLimitError();
  }
  if (output.text.length >= output.cap) {
    // Past the cap a line is only counted: nothing is joined or kept.
    output.dropped += length;
    output.droppedLines += 1;
    return;
  }
  const line = join(parts, " ") + "\n";
  const room = output.cap - output.text.length;
  if (room >= line.length) output.text += line;
  else {
    output.text += call(H.slice, line, 0, room);
    output.dropped += line.length - room;
    output.droppedLines += 1;
  }
}
const consoleObject = {};
const levels = ["log", "info", "warn", "error", "debug", "trace"];
for (let i = 0; i < levels.length; i++) consoleObject[levels[i]] = function (...args) { print(args); };
globalThis.console = consoleObject;

/** A short, safe description of any value; strings are cut so one value cannot flood a message. */
function inspect(value, depth, bare) {
  try {
    if (typeof value === "string") {
      const cut = value.length > 2000 ? call(H.slice, value, 0, 2000) + "..." : value;
      return bare ? cut : H.stringify(cut);
    }
    if (typeof value === "number") return formatNumber(value);
    if (typeof value === "bigint") return str(value) + "n";
    if (typeof value === "symbol") return "Symbol()";
    if (typeof value === "function") return "[function]";
    if (value === null || typeof value !== "object") return str(value);
    if (value instanceof H.Error) return describeError(value);
    if (depth <= 0) return H.isArray(value) ? "[...]" : "{...}";
    const keys = H.keys(value);
    const parts = [];
    const max = H.min(keys.length, 8);
    for (let i = 0; i < max; i++) {
      const shown = inspect(value[keys[i]], depth - 1, false);
      push(parts, H.isArray(value) ? shown : keys[i] + ": " + shown);
    }
    if (keys.length > max) push(parts, "...");
    return H.isArray(value) ? "[" + join(parts, ", ") + "]" : "{ " + join(parts, ", ") + " }";
  } catch (e) {
    return "[a value that cannot be shown]";
  }
}

function formatNumber(n) {
  if (n === 0 && 1 / n < 0) return "-0";
  if (!H.isFinite(n) || H.isInteger(n)) return str(n);
  // Enough digits to see a fractional refill, few enough to read.
  const fixed = call(H.toFixed, n, 6);
  return call(H.replace, fixed, /\.?0+$/, "");
}

function describeError(e) {
  let name = "Error";
  let message = "";
  try { name = str(e.name); } catch (_) { /* a getter that throws tells us nothing */ }
  try { message = str(e.message); } catch (_) { /* idem */ }
  if (message.length > 1000) message = call(H.slice, message, 0, 1000) + "...";
  return message ? name + ": " + message : name;
}

/**
 * Freezes globalThis, every global value, the prototypes of constructors, and the intrinsics that
 * no global names (iterator, generator and async prototypes). Methods themselves are left alone:
 * adding a property to a built-in function changes nothing a test does with it, and walking every
 * method would cost more than the rest of the judge.
 */
function lockdown() {
  const seen = new H.Set();
  const list = [];
  const add = (item) => {
    if ((typeof item !== "object" && typeof item !== "function") || item === null) return;
    if (call(H.setHas, seen, item)) return;
    call(H.setAdd, seen, item);
    push(list, item);
  };
  const hidden = [
    function* () {},
    async function () {},
    async function* () {},
    [][Symbol.iterator](),
    new Map().entries(),
    new Set().values(),
    ""[Symbol.iterator](),
    "a".matchAll(/a/g),
    (function* () {})(),
    (async function* () {})(),
    new Uint8Array(0),
  ];
  const globals = H.ownKeys(globalThis);
  for (let i = 0; i < globals.length; i++) {
    const d = H.getOwnPropertyDescriptor(globalThis, globals[i]);
    if (d && "value" in d) add(d.value);
  }
  for (let i = 0; i < hidden.length; i++) add(hidden[i]);
  // Prototype chains and constructors' prototype objects; list grows while we walk it.
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    add(H.getPrototypeOf(item));
    if (typeof item === "function") {
      const d = H.getOwnPropertyDescriptor(item, "prototype");
      if (d && "value" in d) add(d.value);
    }
  }
  tameOverrides(Object.prototype);
  tameOverrides(Function.prototype);
  for (let i = 0; i < globals.length; i++) {
    const value = globalThis[globals[i]];
    if (typeof value === "function" && value.prototype instanceof H.Error) tameOverrides(value.prototype);
  }
  tameOverrides(H.Error.prototype);
  for (let i = 0; i < list.length; i++) H.freeze(list[i]);
  H.freeze(globalThis);
}

// Freezing a prototype makes its data properties read-only for every object that inherits them:
// "this.name = 'MyError'" in an Error subclass would throw. The few that are commonly assigned (on
// Object, Function and the Error prototypes) become accessors that define the property on the
// instance instead, as SES does. Class fields and methods are defined, not assigned: unaffected.
const overridable = ["name", "message", "constructor", "toString", "valueOf", "toJSON"];
function tameOverrides(object) {
  for (let i = 0; i < overridable.length; i++) {
    const key = overridable[i];
    const d = H.getOwnPropertyDescriptor(object, key);
    if (d === undefined || !("value" in d) || !d.writable || !d.configurable) continue;
    const value = d.value;
    H.defineProperty(object, key, {
      get() { return value; },
      set(next) {
        if (this === object) throw new TypeError("a built-in cannot be changed in the judge: " + key);
        H.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
      },
      enumerable: d.enumerable,
      configurable: false,
    });
  }
}
`;
