// The relay's guest source, part 3 of 3 (relay-source.ts): what this side lets the other do with
// its objects (on H's side, only what the object itself defines), and the entries the host calls.
export const RELAY_ENTRIES = String.raw`
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
