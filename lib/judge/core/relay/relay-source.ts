/**
 * The guest half of the relay between the learner's instance (L) and the hidden suite's (H)
 * (decision 265), evaluated as a module in each after the harness has locked the intrinsics down.
 * Values cross as text in a tagged JSON form: plain data is copied (numbers, strings, booleans,
 * null, undefined, arrays, plain objects; bounded in depth and size), and anything else (a class
 * instance, a function, a promise) stays where it is and crosses as a numbered stand-in whose use is
 * relayed back. The host only moves strings between the two: no handle of one instance ever reaches
 * the other. On H's side a stand-in reaches only what the object itself defines: never a built-in
 * method, a constructor or a function's source.
 */
export const RELAY_SOURCE = String.raw`
import { ManualClock, relay as harness } from "judge:internal";
const { connectRelay, runLoop, setClockTime, watchClocks } = harness;
const R = {
  apply: Reflect.apply, construct: Reflect.construct, getProto: Object.getPrototypeOf,
  isArray: Array.isArray, desc: Object.getOwnPropertyDescriptor, define: Object.defineProperty,
  parse: JSON.parse, stringify: JSON.stringify, is: Object.is, isFinite: Number.isFinite,
  ownKeys: Reflect.ownKeys, has: Reflect.has, then: Promise.prototype.then, str: String,
  Proxy, Promise, Map, WeakMap, mapGet: Map.prototype.get, mapSet: Map.prototype.set,
  wmGet: WeakMap.prototype.get, wmSet: WeakMap.prototype.set, wmHas: WeakMap.prototype.has,
  slice: String.prototype.slice, objectProto: Object.prototype,
};
const call = (fn, self, ...args) => R.apply(fn, self, args);
const ERRORS = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };
if (typeof InternalError === "function") ERRORS.InternalError = InternalError;
const MAX_DEPTH = 24;
const MAX_NODES = 20000;
const MAX_TEXT = 1000000;
/** Longest string a fast crossing passes as itself (longer ones go as text, bounded by MAX_TEXT). */
const MAX_FAST_STRING = 100000;
/** Most arguments a fast crossing passes. */
const MAX_FAST_ARGS = 8;
const BLOCKED = ["constructor", "__proto__", "prototype", "caller", "callee", "arguments", "toString", "toLocaleString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"];

const BLOCKED_KEYS = { __proto__: null };
for (let i = 0; i < BLOCKED.length; i++) BLOCKED_KEYS[BLOCKED[i]] = true;

let host;
let fastHost;
let restricted = false;
let builtIns = new R.Map();
const local = [];
const localIds = new R.WeakMap();
const standIns = new R.Map();
const standInIds = new R.WeakMap();
const deferred = new R.Map();
/** H: the learner's objects' stand-ins, by their number in L (the harness's loops run there). */
const remoteObjects = new R.WeakMap();
/** H: the clocks L mirrors, by number; L: its mirrors, by the number of H's clock. */
const mirrors = new R.WeakMap();
/** L: while a loop of H's runs here, its clocks' moves go back with its answer, not one by one. */
let quiet = false;

function exportLocal(value) {
  let id = call(R.wmGet, localIds, value);
  if (id === undefined) {
    id = local.length;
    local[id] = value;
    call(R.wmSet, localIds, value, id);
  }
  return id;
}

function encode(value, depth, budget) {
  if (++budget.nodes > MAX_NODES || depth > MAX_DEPTH) throw new RangeError("a value too large or too deep to pass between the judge's sandboxes");
  switch (typeof value) {
    case "undefined": return { u: 1 };
    case "boolean": return value;
    case "string": return value;
    case "number":
      if (R.isFinite(value) && !R.is(value, -0)) return value;
      return { n: R.str(value === 0 ? "-0" : value) };
    case "bigint": return { b: R.str(value) };
    case "symbol": return { u: 1 };
  }
  if (value === null) return null;
  if (call(R.wmHas, standInIds, value)) return { r: call(R.wmGet, standInIds, value) };
  if (restricted && value instanceof ManualClock) return { c: clockId(value), t: value.now() };
  if (typeof value === "function") {
    if (restricted && builtIns.has(value)) return { u: 1 };
    let name = "";
    try { name = R.str(R.desc(value, "name")?.value ?? ""); } catch (_) { name = ""; }
    return { f: exportLocal(value), name: call(R.slice, name, 0, 100) };
  }
  if (value instanceof R.Promise) {
    const id = exportLocal(value);
    call(R.then, value, (v) => settle(id, true, v), (e) => settle(id, false, e));
    return { p: id };
  }
  if (R.isArray(value)) {
    const length = value.length;
    if (length > MAX_NODES) throw new RangeError("an array too long to pass between the judge's sandboxes");
    const items = [];
    for (let i = 0; i < length; i++) items[i] = encode(value[i], depth + 1, budget);
    return { a: items };
  }
  const proto = R.getProto(value);
  if (proto === R.objectProto || proto === null) {
    const entries = [];
    const keys = R.ownKeys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== "string") continue;
      const d = R.desc(value, key);
      if (!d || !d.enumerable) continue;
      entries[entries.length] = [key, encode("value" in d ? d.value : value[key], depth + 1, budget)];
    }
    return { o: entries };
  }
  return { x: exportLocal(value) };
}

function settle(id, ok, value) {
  let out;
  try { out = R.stringify({ p: id, ok, v: ok ? encode(value, 0, { nodes: 0 }) : encodeError(value) }); }
  catch (e) { out = R.stringify({ p: id, ok: false, v: encodeError(e) }); }
  host("settle", out);
}

function encodeError(e) {
  if (e instanceof ERRORS.Error) {
    const field = (key) => { try { return call(R.slice, R.str(e[key] ?? ""), 0, 2000); } catch (_) { return ""; } };
    return { e: { name: field("name"), message: field("message"), stack: field("stack") } };
  }
  try { return { v: encode(e, 0, { nodes: 0 }) }; } catch (_) { return { v: { u: 1 } }; }
}

function decodeError(t) {
  if (t && t.e) {
    const E = ERRORS[t.e.name] ?? ERRORS.Error;
    const error = new E(t.e.message);
    if (error.name !== t.e.name) R.define(error, "name", { value: t.e.name, writable: true, configurable: true });
    R.define(error, "stack", { value: t.e.stack, writable: true, configurable: true });
    return error;
  }
  return decode(t ? t.v : undefined);
}

function decode(t) {
  if (t === null || typeof t !== "object") return t;
  if ("u" in t) return undefined;
  if ("n" in t) return t.n === "-0" ? -0 : +t.n;
  if ("b" in t) return BigInt(t.b);
  if ("a" in t) { const out = []; for (let i = 0; i < t.a.length; i++) out[i] = decode(t.a[i]); return out; }
  if ("o" in t) { const out = {}; for (let i = 0; i < t.o.length; i++) R.define(out, t.o[i][0], { value: decode(t.o[i][1]), writable: true, enumerable: true, configurable: true }); return out; }
  if ("r" in t) return local[t.r];
  if ("c" in t) return restricted ? undefined : mirrorClock(t.c, t.t);
  if ("p" in t) {
    let resolvers;
    const promise = new R.Promise((resolve, reject) => { resolvers = { resolve, reject }; });
    call(R.mapSet, deferred, t.p, resolvers);
    return promise;
  }
  const key = ("f" in t ? "f" : "x") + t[("f" in t ? "f" : "x")];
  const known = call(R.mapGet, standIns, key);
  if (known) return known;
  const made = "f" in t ? remoteFunction(t.f, t.name) : remoteObject(t.x);
  call(R.mapSet, standIns, key, made);
  call(R.wmSet, standInIds, made, "f" in t ? t.f : t.x);
  if ("x" in t) call(R.wmSet, remoteObjects, made, t.x);
  return made;
}

/**
 * H: a clock L mirrors (decision 410). The learner's limiter gets a ManualClock of L's own that
 * follows H's: H sends the time whenever its clock moves, and L sends its mirror's when the
 * learner's code moves it, so reading the time is no crossing.
 */
function clockId(clock) {
  const id = exportLocal(clock);
  call(R.wmSet, mirrors, clock, id);
  return id;
}

/** L: the mirror of H's clock number id, at time t. */
function mirrorClock(id, t) {
  const key = "c" + id;
  const known = call(R.mapGet, standIns, key);
  if (known !== undefined) {
    setClockTime(known, t);
    return known;
  }
  const made = new ManualClock(t);
  call(R.mapSet, standIns, key, made);
  call(R.wmSet, standInIds, made, id);
  call(R.wmSet, mirrors, made, id);
  return made;
}

/** Either side: a clock of this side moved; its mirror on the other follows. */
function clockMoved(clock) {
  if (quiet) return;
  const id = call(R.wmGet, mirrors, clock);
  if (id !== undefined) fast(2, id, "", [clock.now()]);
}

/** Either side, from the other's clockMoved(): op 2 of handleFast. */
function setMirroredTime(id, t) {
  if (typeof t !== "number" || !R.isFinite(t)) throw new TypeError("unknown relay operation");
  if (!restricted) {
    const mirror = call(R.mapGet, standIns, "c" + id);
    if (mirror !== undefined) setClockTime(mirror, t);
    return;
  }
  // L moves H's clock only as a learner's advance() could: forward.
  const clock = local[id];
  if (clock === undefined || call(R.wmGet, mirrors, clock) !== id || !(t >= clock.now())) throw new TypeError("unknown relay operation");
  setClockTime(clock, t);
}

function relay(op, message) {
  return answerOf(host(op, R.stringify(message)));
}

function answerOf(text) {
  const answer = R.parse(text);
  if ("err" in answer) throw decodeError(answer.err);
  return decode(answer.ok);
}

/** What crosses as itself, with no text: a boolean, undefined, a number, a string not too long. */
function isPlain(value) {
  const type = typeof value;
  return type === "number" || type === "boolean" || type === "undefined" || (type === "string" && value.length <= MAX_FAST_STRING);
}

/**
 * A property read (op 0) or a method call (op 1) with plain arguments, carried by the host as the
 * values themselves: no text to build or parse on either side. A plain answer comes back the same
 * way; anything else (an object, a function, null, an error) as the usual text, in { t }.
 */
function fast(op, id, key, args) {
  // Every step of a crossing is QuickJS work counted on the learner's budget: the usual arities
  // call the host directly, without building an argument list.
  let out;
  switch (args.length) {
    case 0: out = fastHost(op, id, key); break;
    case 1: out = fastHost(op, id, key, args[0]); break;
    case 2: out = fastHost(op, id, key, args[0], args[1]); break;
    default: {
      const list = [op, id, key];
      for (let i = 0; i < args.length; i++) list[i + 3] = args[i];
      out = R.apply(fastHost, undefined, list);
    }
  }
  return typeof out === "object" && out !== null ? answerOf(out.t) : out;
}

function plainArgs(args) {
  if (args.length > MAX_FAST_ARGS) return false;
  for (let i = 0; i < args.length; i++) if (!isPlain(args[i])) return false;
  return true;
}

function encodeArgs(args) {
  const budget = { nodes: 0 };
  const out = [];
  for (let i = 0; i < args.length; i++) out[i] = encode(args[i], 1, budget);
  return out;
}

function remoteFunction(id, name) {
  const stand = function (...args) {
    if (new.target !== undefined) return relay("new", { f: id, a: encodeArgs(args) });
    return relay("call", { f: id, t: encode(this, 0, { nodes: 0 }), a: encodeArgs(args) });
  };
  R.define(stand, "name", { value: name });
  return stand;
}

function remoteObject(id) {
  // A method read once is then called in one crossing ("invoke" reads it again over there, so a
  // method the object replaces later is still the one called).
  const methods = new R.Map();
  const proxy = new R.Proxy({}, {
    get(_, key) {
      if (typeof key !== "string") return undefined;
      // The relay runs after the harness froze the built-ins: a Map's own methods are safe to call.
      const known = methods.get(key);
      if (known !== undefined) return known;
      const value = fast(0, id, key, []);
      if (typeof value !== "function") return value;
      const invoke = function (...args) {
        if (new.target !== undefined || this !== proxy) return R.apply(value, this, args);
        if (plainArgs(args)) return fast(1, id, key, args);
        return relay("invoke", { x: id, k: key, a: encodeArgs(args) });
      };
      R.define(invoke, "name", { value: value.name });
      methods.set(key, invoke);
      return invoke;
    },
    set(_, key, value) { if (typeof key !== "string") return false; relay("set", { x: id, k: key, v: encode(value, 0, { nodes: 0 }) }); return true; },
    has(_, key) { return typeof key === "string" && relay("has", { x: id, k: key }) === true; },
    ownKeys() { return relay("keys", { x: id }); },
    getOwnPropertyDescriptor(_, key) {
      if (typeof key !== "string" || relay("own", { x: id, k: key }) !== true) return undefined;
      return { value: relay("get", { x: id, k: key }), writable: true, enumerable: true, configurable: true };
    },
  });
  return proxy;
}

/** What a property read reaches: on H's side only what the object and its own classes define. */
function readable(target, key) {
  if (!restricted) return true;
  if (typeof key !== "string") return false;
  if (BLOCKED_KEYS[key] === true) return false;
  for (let o = target; o !== null; o = R.getProto(o)) {
    if (R.desc(o, key) !== undefined) return !builtIns.has(o);
  }
  return false;
}

function run(op, message) {
  switch (op) {
    case "call": return R.apply(local[message.f], decode(message.t), decodeArgs(message.a));
    case "new": return R.construct(local[message.f], decodeArgs(message.a));
    case "invoke": {
      const target = local[message.x];
      if (!readable(target, message.k)) throw new TypeError("not a function: " + message.k);
      return R.apply(target[message.k], target, decodeArgs(message.a));
    }
    case "get": { const target = local[message.x]; return readable(target, message.k) ? target[message.k] : undefined; }
    case "set": { if (restricted) throw new TypeError("cannot change the judge's objects"); local[message.x][message.k] = decode(message.v); return undefined; }
    case "has": { const target = local[message.x]; return readable(target, message.k) && R.has(target, message.k); }
    case "own": { const target = local[message.x]; return R.desc(target, message.k) !== undefined && readable(target, message.k); }
    case "keys": { const keys = R.ownKeys(local[message.x]); const out = []; for (let i = 0; i < keys.length; i++) if (typeof keys[i] === "string") out[out.length] = keys[i]; return out; }
    case "loop": {
      // H's harness runs a request loop on the learner's limiter (harness/sandbox/remote.ts).
      if (restricted) throw new TypeError("unknown relay operation");
      const clocks = [];
      for (let i = 0; i < message.c.length; i++) clocks[i] = mirrorClock(message.c[i][0], message.c[i][1]);
      const was = quiet;
      quiet = true;
      try { return runLoop(message.k, local[message.x], clocks, message.s, message.e); } finally { quiet = was; }
    }
    case "settle": {
      const resolvers = call(R.mapGet, deferred, message.p);
      if (resolvers === undefined) return undefined;
      if (message.ok) resolvers.resolve(decode(message.v)); else resolvers.reject(decodeError(message.v));
      return undefined;
    }
  }
  throw new TypeError("unknown relay operation");
}

function decodeArgs(list) {
  const out = [];
  for (let i = 0; i < list.length; i++) out[i] = decode(list[i]);
  return out;
}

/** The host's entry: one operation asked for by the other instance, answered as text. */
export function handle(op, text) {
  try {
    return R.stringify({ ok: encode(run(op, R.parse(text)), 0, { nodes: 0 }) });
  } catch (e) {
    return R.stringify({ err: encodeError(e) });
  }
}

/** The host's entry for a fast crossing (see fast()): a read or a call on one of this side's objects. */
export function handleFast(op, id, key, ...args) {
  try {
    if (op === 2) {
      setMirroredTime(id, args[0]);
      return undefined;
    }
    const target = local[id];
    if (target === undefined || typeof key !== "string") throw new TypeError("unknown relay operation");
    let value;
    if (op === 0) value = readable(target, key) ? target[key] : undefined;
    else {
      if (!readable(target, key)) throw new TypeError("not a function: " + key);
      value = R.apply(target[key], target, args);
    }
    return isPlain(value) ? value : { t: R.stringify({ ok: encode(value, 0, { nodes: 0 }) }) };
  } catch (e) {
    return { t: R.stringify({ err: encodeError(e) }) };
  }
}

/** Once, by the host: the functions that carry an operation to the other instance. */
export function install(hostFunction, isRestricted, fastFunction) {
  if (host !== undefined) throw new TypeError("installed already");
  fastHost = fastFunction;
  host = (op, text) => {
    const out = hostFunction(op, text);
    if (typeof out !== "string" || out.length > MAX_TEXT) throw new RangeError("a value too large to pass between the judge's sandboxes");
    return out;
  };
  restricted = isRestricted === true;
  if (restricted) builtIns = collectBuiltIns();
  watchClocks(clockMoved);
  if (restricted) {
    connectRelay({
      learnerObject: (value) => (typeof value === "object" && value !== null ? call(R.wmGet, remoteObjects, value) : undefined),
      clockId,
      loop: (message) => relay("loop", message),
    });
  }
}

function collectBuiltIns() {
  const found = new R.WeakMap();
  const set = { has: (v) => found.has(v) };
  const add = (v) => { if ((typeof v === "object" || typeof v === "function") && v !== null && !call(R.wmHas, found, v)) { call(R.wmSet, found, v, true); return true; } return false; };
  const queue = [globalThis, function* () {}, async function () {}, async function* () {}, [][Symbol.iterator](), new R.Map().entries()];
  for (let i = 0; i < queue.length; i++) {
    const item = queue[i];
    if (!add(item) && i > 0) continue;
    const proto = R.getProto(item);
    if (proto) queue[queue.length] = proto;
    const keys = R.ownKeys(item);
    for (let k = 0; k < keys.length; k++) {
      const d = R.desc(item, keys[k]);
      if (d && "value" in d && (typeof d.value === "function" || (typeof d.value === "object" && d.value !== null))) queue[queue.length] = d.value;
    }
  }
  return set;
}

/**
 * A module's exports as [name, encoded value] pairs, in JSON (L: the learner's module, which H's
 * stand-in defines its exports from). Listed here, not by the host: the host's own listing of a
 * namespace's keys read a garbage length after an endless promise chain had been interrupted.
 */
function exportsOf(namespace) {
  const out = [];
  const keys = R.ownKeys(namespace);
  for (let i = 0; i < keys.length; i++) {
    const name = keys[i];
    if (typeof name !== "string") continue;
    let text;
    try { text = R.stringify(encode(namespace[name], 0, { nodes: 0 })); } catch (_) { text = '{"u":1}'; }
    out[out.length] = [name, text];
  }
  return R.stringify(out);
}

/** What H's "./solution" defines an export from. */
export function importExport(text) {
  return decode(R.parse(text));
}
`;
