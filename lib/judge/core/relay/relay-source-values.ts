// The relay's guest source, part 1 of 3 (relay-source.ts puts them together): what it keeps
// (the intrinsics it calls, its limits, the objects on each side) and how a value crosses as text
// (encode, decode, errors).
export const RELAY_VALUES = String.raw`
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
`;
