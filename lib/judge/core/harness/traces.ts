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
  // Only nextInt's next(31) is ever needed. Operands stay below 2^48, so ">>> 0" is an exact floor
  // here, and cheaper in QuickJS than a call to Math.floor (suites draw thousands of these).
  const next31 = () => {
    const low = lo * 0xece66d + 0xb;
    const high = hi * 0xece66d + lo * 0x5de + ((low / TWO_24) >>> 0);
    lo = low % TWO_24;
    hi = high % TWO_24;
    return ((hi * TWO_24 + lo) / 0x20000) >>> 0;
  };
  return (bound) => {
    if ((bound & -bound) === bound) return H.floor((bound * next31()) / 0x80000000);
    for (;;) {
      const bits = next31();
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
function drive(steps, clocks, limiter, call1, expectedFor, level, follow, referenceState) {
  const requests = [];
  const levels = level ? [] : undefined;
  let divergence = null;
  let state;
  let theirs;
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
        if (e instanceof JudgeFailure || e instanceof WallClockError || e instanceof OutputLimitError || isResourceError(e)) throw e;
        r.error = describeError(e instanceof H.Error ? e : { name: "a non-Error value", message: inspect(e, 1, false) });
        if (e instanceof H.Error) r.where = learnerLine(e);
        r.actualValue = undefined;
      }
      r.actual = asDecision(r.actualValue);
      let differs = r.error !== undefined || !sameValue(r.actualValue, r.expectedValue);
      if (differs && r.error === undefined && divergence === null && follow && follow(r.expectedValue, r.actualValue)) {
        // A floating-point near-tie (ties.ts): the reference now gave the learner's answer.
        r.tie = r.expectedValue;
        r.expectedValue = r.actualValue;
        r.expected = r.actual;
        differs = false;
      }
      if (levels) push(levels, level());
      push(requests, r);
      if (differs && divergence === null) {
        divergence = requests.length - 1;
        // Both sides' own account of their state at that moment (explain.ts).
        if (r.error === undefined) {
          state = readState(limiter);
          if (state !== undefined && referenceState) theirs = referenceState();
        }
      }
      // Past the first divergence, keep going a little so the chart shows what came after it.
      if (r.error !== undefined || (divergence !== null && requests.length > divergence + 200)) stop = true;
    }
  }
  return { requests, divergence, levels, state, referenceState: theirs };
}

function traceFailure(result, options) {
  const at = result.divergence;
  const r = result.requests[at];
  const setup = options.setup ? " (" + options.setup + ")" : "";
  const message = divergenceSentence(at, r) + explanationLines(result, options) + "\n\nThe trace that led there" + setup + ":\n" + traceLines(result.requests, at);
  const failure = { message, trace: chartTrace(result.requests, at, options, result.levels) };
  // A limiter that threw is a runtime error, not a wrong answer, even when a trace shows where.
  if (r.error !== undefined) failure.threw = true;
  return failure;
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
  fail(f.message, f.trace, f.threw);
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

/**
 * Runs the same steps through the learner's limiter and the reference, side by side. "record", if
 * given, is told each answer and level of the reference (see answers.ts).
 */
function compareWithReference(spec, config, steps, record) {
  const learnerClock = new ManualClock();
  const call1 = spec.call || defaultCall;
  const runner = referenceRunner(spec, config, call1);
  const limiter = createLearner(spec, learnerClock, config);
  if (limiter.failure) return limiter;
  let level = spec.level ? () => spec.level(runner.reference) : undefined;
  let expectedFor = (step) => runner.answer(step, learnerClock.now());
  if (record) {
    const live = { level, expectedFor };
    expectedFor = (step) => { const v = live.expectedFor(step); push(record.values, v); return v; };
    if (level) level = () => { const l = live.level(); push(record.levels, l); return l; };
  }
  const result = drive(steps, [learnerClock], limiter.value, call1, expectedFor, level, runner.follow, () => readState(runner.reference));
  return comparison(result, spec, config);
}

/** The same comparison against the reference's remembered answers: the reference does not run. */
function compareWithAnswers(spec, config, steps, saved) {
  const learnerClock = new ManualClock();
  const limiter = createLearner(spec, learnerClock, config);
  if (limiter.failure) return limiter;
  let i = 0;
  let j = 0;
  const level = spec.level && saved.l !== null ? () => saved.l[j++] : undefined;
  const result = drive(steps, [learnerClock], limiter.value, spec.call || defaultCall, () => answerAt(saved.v, i++), level);
  return comparison(result, spec, config);
}

function createLearner(spec, clock, config) {
  try {
    return { value: spec.create(spec.learner, clock, config) };
  } catch (e) {
    return { failure: { message: (spec.setup ? spec.setup(config) : "the constructor") + " threw " + thrownWhere(e), threw: true } };
  }
}

function comparison(result, spec, config) {
  if (result.divergence === null) return { failure: null };
  const options = { setup: spec.setup ? spec.setup(config) : undefined, windowMs: config.windowMs, capacity: config.capacity, windows: spec.windows };
  return { failure: traceFailure(result, options) };
}

/** compareWithReference, remembering or replaying the reference's answers when the host asks to. */
function compareRemembering(spec, config, steps) {
  if (answers.mode === "") return compareWithReference(spec, config, steps);
  const slot = "s" + str(answers.ordinal++);
  // The slot's inputs, so a test whose calls depend on the learner's answers never gets another
  // call's answers: a mismatch just runs the reference live.
  const fingerprint = H.stringify([config, steps]);
  if (answers.mode === "record") {
    const record = { values: [], levels: [] };
    const outcome = compareWithReference(spec, config, steps, record);
    if (outcome.failure === null && allPlain(record.values) && allPlain(record.levels)) {
      answers.recorded[slot] = { f: fingerprint, v: encodeAnswers(record.values), l: spec.level ? record.levels : null };
    }
    return outcome;
  }
  const saved = savedAnswer(slot);
  if (saved === undefined || saved.f !== fingerprint) return compareWithReference(spec, config, steps);
  const outcome = compareWithAnswers(spec, config, steps, saved);
  // Remembered answers cannot follow the learner through a near-tie: the live reference can.
  return outcome.failure && spec.margin ? compareWithReference(spec, config, steps) : outcome;
}

/** expectSameAs(learner, reference, { create, setup?, call?, level?, config?, steps }) for hidden tests. */
function expectSameAs(learner, reference, spec) {
  const full = { learner, reference, create: spec.create, call: spec.call, level: spec.level, margin: spec.margin, windows: spec.windows, setup: spec.setup ? () => spec.setup : undefined };
  const outcome = compareRemembering(full, spec.config || {}, spec.steps);
  if (outcome.failure) fail(outcome.failure.message, outcome.failure.trace, outcome.failure.threw);
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
 * The inputs depend only on the seed, so the reference's answers can be remembered (answers.ts).
 */
function diffBatch(index, inputsJson) {
  const spec = registry[index].spec;
  const inputs = H.parse(inputsJson);
  const saved = answers.mode === "replay" ? savedAnswer("d") : undefined;
  const replay = saved !== undefined && saved.f === inputsJson.length && saved.v.length === inputs.length ? saved.v : undefined;
  let recorded = answers.mode === "record" ? [] : undefined;
  for (let i = 0; i < inputs.length; i++) {
    try {
      const values = recorded === undefined ? undefined : [];
      const expected = replay === undefined ? undefined : replay[i];
      if (disagrees(spec, inputs[i].config, inputs[i].steps, values, expected) &&
          confirmedDisagreement(spec, inputs[i].config, inputs[i].steps)) return i;
      if (values !== undefined && !allPlain(values)) recorded = undefined;
      if (values !== undefined && recorded !== undefined) push(recorded, encodeAnswers(values));
    } catch (e) {
      // The learner's limiter threw, ran out of memory or stack, or read the wall clock.
      return i;
    }
  }
  if (recorded !== undefined) {
    answers.recorded.d = { f: inputsJson.length, v: recorded, l: null };
  }
  return -1;
}

/** values: collects the reference's answers; expected: replays them, the reference never built. */
function disagrees(spec, config, steps, values, expected) {
  const learnerClock = new ManualClock();
  const referenceClock = new ManualClock();
  const reference = expected === undefined ? spec.create(spec.reference, referenceClock, config) : undefined;
  const limiter = spec.create(spec.learner, learnerClock, config);
  const call1 = spec.call || defaultCall;
  let answered = 0;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const gap = step.at - learnerClock.now();
    learnerClock.advance(gap);
    referenceClock.advance(gap);
    const count = step.count === undefined ? 1 : step.count;
    for (let k = 0; k < count; k++) {
      const mine = call1(limiter, step);
      const theirs = expected === undefined ? call1(reference, step) : answerAt(expected, answered++);
      if (values !== undefined) push(values, theirs);
      if (!sameValue(mine, theirs)) return true;
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
    const message = e instanceof JudgeFailure ? e.message : "your limiter threw " + thrownWhere(e);
    outcome = { failure: { message, threw: !(e instanceof JudgeFailure) || e.threw === true } };
  }
  const setup = entry.spec.setup ? entry.spec.setup(input.config) : "";
  return H.stringify({ failure: outcome.failure, setup });
}
`;
