// The relay's guest source, part 2 of 3 (relay-source.ts): the clocks one side mirrors of the
// other's, and the stand-ins for the other side's functions and objects, whose use crosses back
// (as text, or as the values themselves for a plain read or call).
export const RELAY_STAND_INS = String.raw`
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
`;
