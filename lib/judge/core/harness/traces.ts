// Sandbox-side JavaScript (see lockdown.ts for the rules of these strings): the fake clock, the
// trace helpers tests use (expectTrace, expectSameAs, differential) and the learner-facing messages
// they write: "request 101 at t=60.000s: expected denied, your limiter allowed".
export const TRACES_SOURCE = String.raw`
class ManualClock {
  #now;
  constructor(start) {
    const s = start === undefined ? 0 : start;
    if (typeof s !== "number" || !H.isFinite(s)) throw new RangeError("ManualClock(start): start must be a finite number");
    this.#now = s;
    // A limiter given the clock must not be able to swap its methods and so rewrite the trace.
    H.freeze(this);
  }
  now() {
    return this.#now;
  }
  advance(ms) {
    // Time that runs backwards would let a limiter "un-spend" quota.
    if (typeof ms !== "number" || !(ms >= 0) || !H.isFinite(ms)) {
      throw new RangeError("a clock can only move forward, got advance(" + str(ms) + ")");
    }
    this.#now += ms;
  }
}

/** Offers n requests at the same instant and returns how many were allowed. */
function burst(limiter, n) {
  let allowed = 0;
  for (let i = 0; i < n; i++) if (limiter.allow() === true) allowed++;
  return allowed;
}

// java.util.Random's nextInt(bound), bit for bit: the course's traces were made with new Random(4),
// so suites that replay them share this one copy.
function javaRandom(seed) {
  const TWO_24 = 0x1000000;
  let lo = ((seed % TWO_24) ^ 0xece66d) >>> 0;
  let hi = ((H.floor(seed / TWO_24) % TWO_24) ^ 0x5de) >>> 0;
  const next = (bits) => {
    const low = lo * 0xece66d + 0xb;
    const high = hi * 0xece66d + lo * 0x5de + H.floor(low / TWO_24);
    lo = low % TWO_24;
    hi = high % TWO_24;
    return H.floor((hi * TWO_24 + lo) / 2 ** (48 - bits)) | 0;
  };
  return (bound) => {
    if ((bound & -bound) === bound) return H.floor((bound * next(31)) / 0x80000000);
    for (;;) {
      const bits = next(31);
      const value = bits % bound;
      if (bits - value + (bound - 1) <= 0x7fffffff) return value;
    }
  };
}

function asDecision(value) {
  return typeof value === "boolean" ? value : value !== null && value !== undefined && value !== false;
}

function defaultCall(limiter, step) {
  if (step.key !== undefined) return step.n !== undefined ? limiter.tryAcquire(step.key, step.n) : limiter.allow(step.key);
  return step.n !== undefined ? limiter.tryAcquire(step.n) : limiter.allow();
}

function isResourceError(e) {
  if (!(e instanceof H.Error)) return false;
  const d = describeError(e);
  return d === "InternalError: out of memory" || d === "InternalError: string too long" ||
    d === "InternalError: stack overflow" || d === "RangeError: Maximum call stack size exceeded";
}

function moveClock(clock, step, label) {
  if (step.at !== undefined) {
    const gap = step.at - clock.now();
    if (gap < 0) throw new TypeError(label + ": step at " + step.at + " is before the clock's time " + clock.now());
    clock.advance(gap);
  }
  if (step.after !== undefined) clock.advance(step.after);
}

/**
 * Drives a limiter through steps. expectedFor(step, k) returns the expected value for the k-th
 * request of a step; with a reference, it is the reference's answer. Never throws for the learner's
 * mistakes: they are recorded, so the caller can report the whole trace.
 */
function drive(steps, clocks, limiter, call1, expectedFor, level) {
  const requests = [];
  const levels = level ? [] : undefined;
  let divergence = null;
  let stop = false;
  for (let s = 0; s < steps.length && !stop; s++) {
    const step = steps[s];
    for (let c = 0; c < clocks.length; c++) moveClock(clocks[c], step, "trace");
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count && !stop; k++) {
      const expectedValue = expectedFor(step, k);
      const r = { t: clocks[0].now(), expectedValue, expected: asDecision(expectedValue) };
      if (step.n !== undefined) r.n = step.n;
      if (step.key !== undefined) r.key = step.key;
      try {
        r.actualValue = call1(limiter, step);
      } catch (e) {
        // Out of memory, a stack overflow or the wall clock are not wrong answers: the test runner
        // reports them with their own verdict and message.
        if (e instanceof JudgeFailure || e instanceof WallClockError || isResourceError(e)) throw e;
        r.error = describeError(e instanceof H.Error ? e : { name: "a non-Error value", message: inspect(e, 1, false) });
        r.actualValue = undefined;
      }
      r.actual = asDecision(r.actualValue);
      if (levels) push(levels, level());
      push(requests, r);
      const differs = r.error !== undefined || !sameValue(r.actualValue, r.expectedValue);
      if (differs && divergence === null) divergence = requests.length - 1;
      // Past the first divergence, keep going a little so the chart shows what came after it.
      if (r.error !== undefined || (divergence !== null && requests.length > divergence + 200)) stop = true;
    }
  }
  return { requests, divergence, levels };
}

function traceFailure(result, options) {
  const at = result.divergence;
  const r = result.requests[at];
  const setup = options.setup ? " (" + options.setup + ")" : "";
  const message = divergenceSentence(at, r) + "\n\nThe trace that led there" + setup + ":\n" + traceLines(result.requests, at);
  return { message, trace: chartTrace(result.requests, at, options, result.levels) };
}

function normalizeExpectation(value, k) {
  const v = H.isArray(value) ? value[k] : value;
  if (v === "allowed" || v === true) return true;
  if (v === "denied" || v === false) return false;
  return v;
}

/**
 * expectTrace(limiter, clock, steps, options?) — steps: { at?, after?, count?, n?, key?, expect },
 * expect: "allowed" | "denied" | boolean, or an array (one per request of the step), or any value
 * the call returns (with options.call). options: { setup, windowMs, capacity, call }.
 */
function expectTrace(limiter, clock, steps, options) {
  const o = options || {};
  const call1 = o.call || defaultCall;
  const result = drive(steps, [clock], limiter, call1, (step, k) => normalizeExpectation(step.expect, k), undefined);
  checkDecisionType(result, o);
  if (result.divergence === null) return;
  const f = traceFailure(result, o);
  fail(f.message, f.trace);
}

function checkDecisionType(result, o) {
  if (o.call) return;
  for (let i = 0; i < result.requests.length; i++) {
    const r = result.requests[i];
    if (r.error === undefined && typeof r.actualValue !== "boolean") {
      fail(requestLabel(i, r) + ": allow() must return true or false, yours returned " + show(r.actualValue));
    }
  }
}

/** Runs the same steps through the learner's limiter and the reference, side by side. */
function compareWithReference(spec, config, steps) {
  const learnerClock = new ManualClock();
  const referenceClock = new ManualClock();
  const reference = spec.create(spec.reference, referenceClock, config);
  let limiter;
  try {
    limiter = spec.create(spec.learner, learnerClock, config);
  } catch (e) {
    return { failure: { message: (spec.setup ? spec.setup(config) : "the constructor") + " threw " + describeError(e) } };
  }
  const call1 = spec.call || defaultCall;
  const level = spec.level ? () => spec.level(reference) : undefined;
  const result = drive(steps, [learnerClock, referenceClock], limiter, call1, (step) => call1(reference, step), level);
  if (result.divergence === null) return { failure: null };
  const options = { setup: spec.setup ? spec.setup(config) : undefined, windowMs: config.windowMs, capacity: config.capacity };
  return { failure: traceFailure(result, options) };
}

/** expectSameAs(learner, reference, { create, setup?, call?, level?, config?, steps }) for hidden tests. */
function expectSameAs(learner, reference, spec) {
  const full = { learner, reference, create: spec.create, call: spec.call, level: spec.level, setup: spec.setup ? () => spec.setup : undefined };
  const outcome = compareWithReference(full, spec.config || {}, spec.steps);
  if (outcome.failure) fail(outcome.failure.message, outcome.failure.trace);
}

/**
 * differential(name, { kind, learner, reference, create, setup?, call?, level? }) registers a test
 * the host runs with fast-check: random configs and traces of the given kind ("window", "bucket",
 * "keyed"), shrunk to a minimal disagreement.
 */
function differential(name, spec) {
  if (spec.reference === undefined) throw new TypeError("differential() needs the reference module");
  register({ kind: "differential", name, spec, diffKind: spec.kind, category: spec.category || "random traces" });
}

/**
 * Runs many generated inputs in one call; returns the index of the first disagreement, or -1.
 * Only says whether they agree (no trace is recorded): the failing input is replayed by diffRun.
 */
function diffBatch(index, inputsJson) {
  const spec = registry[index].spec;
  const inputs = H.parse(inputsJson);
  for (let i = 0; i < inputs.length; i++) {
    try {
      if (disagrees(spec, inputs[i].config, inputs[i].steps)) return i;
    } catch (e) {
      // The learner's limiter threw, ran out of memory or stack, or read the wall clock.
      return i;
    }
  }
  return -1;
}

function disagrees(spec, config, steps) {
  const learnerClock = new ManualClock();
  const referenceClock = new ManualClock();
  const reference = spec.create(spec.reference, referenceClock, config);
  const limiter = spec.create(spec.learner, learnerClock, config);
  const call1 = spec.call || defaultCall;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const gap = step.at - learnerClock.now();
    learnerClock.advance(gap);
    referenceClock.advance(gap);
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count; k++) {
      if (!sameValue(call1(limiter, step), call1(reference, step))) return true;
    }
  }
  return false;
}

function diffRun(index, inputJson) {
  const entry = registry[index];
  const input = H.parse(inputJson);
  let outcome;
  try {
    outcome = compareWithReference(entry.spec, input.config, input.steps);
  } catch (e) {
    const message = e instanceof JudgeFailure ? e.message : "your limiter threw " + describeError(e);
    outcome = { failure: { message } };
  }
  const setup = entry.spec.setup ? entry.spec.setup(input.config) : "";
  return H.stringify({ failure: outcome.failure, setup });
}
`;
