import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { RelayInstallError, RelayLink } from "./relay/relay-link";
import { learnerStub } from "./relay/learner-stub";
import { Sandbox } from "./sandbox";
import { DEFAULT_SEED } from "./run-tests";
import type { NetClock } from "./net-clock";
import type { JudgeCoreInput, JudgeLimits } from "./types";

/** The learner's side of the relay and its exports' encoding: a few steps; generous. */
const SETUP_STEPS = 200;
const SETUP_NET_MS = 200;
/**
 * Free heap L must have for its side of the relay after a visible test's memory bomb. Below it the
 * relay is not tried: evaluating it in a nearly full heap can send this engine build's
 * out-of-memory paths into a loop inside WebAssembly that no interrupt reaches (the memory-bomb
 * fixture hung in the relay's evalModule, or not, depending on where the bomb had stopped).
 */
const RELAY_ROOM_BYTES = 2 * 1024 * 1024;

/** What the hidden suites' instance needs beyond the phase's limits. */
export interface HiddenInstance {
  quickjs: QuickJSWASMModule;
  suites: ReadonlySet<string>;
  hiddenSuites: ReadonlySet<string>;
  reference?: string;
  referenceStandIn?: string;
}

/**
 * The hidden suites' own instance for the hidden phase (decision 265), set up around `run`. H holds
 * the harness, the hidden suites and the reference; L, where the visible tests ran, keeps the
 * learner's module. H's "./solution" is a stand-in whose every use is relayed through the host to
 * L, as text, so the learner's code never runs where the hidden suite's or the reference's source
 * sits. One budget: H counts its work on L's meter. Results, messages and counterexamples are those
 * of one instance. `noRoom`: what the phase is when L has no memory left for the relay.
 */
export async function withHiddenInstance<T>(
  learner: Sandbox,
  instance: HiddenInstance,
  input: JudgeCoreInput,
  limits: JudgeLimits,
  net: NetClock,
  run: (hidden: Sandbox) => Promise<T>,
  noRoom?: () => T,
): Promise<T> {
  const hidden = input.preparedHidden?.take(instance.quickjs) ?? Sandbox.prepare(instance.quickjs);
  let link: RelayLink | undefined;
  try {
    if (noRoom && !hasRoomForRelay(learner, limits)) return noRoom();
    // Setting up is the judge's work, not a test's: the learner's last test may have used up its
    // limit, so L gets one of its own for its side of the relay, and H installs its side on its own
    // meter before it shares L's.
    learner.limit(SETUP_STEPS, SETUP_NET_MS);
    try {
      link = RelayLink.connect(learner, hidden);
    } catch (error) {
      // After a visible test's memory bomb L may have no room for the relay, as one instance may
      // have none for the hidden suites: the caller reports it the same way.
      if (error instanceof RelayInstallError && noRoom) return noRoom();
      throw error;
    }
    hidden.shareMeterOf(learner);
    hidden.partner = learner;
    hidden.configure({
      limits,
      net,
      suites: instance.suites,
      hiddenSuites: instance.hiddenSuites,
      ...(instance.reference === undefined ? {} : { reference: instance.reference }),
      ...(instance.referenceStandIn === undefined
        ? {}
        : { referenceStandIn: instance.referenceStandIn }),
      learnerStub: learnerStub(link.learnerExports()),
    });
    hidden.callInternal("seedRandom", input.seed ?? DEFAULT_SEED).value?.dispose();
    return await run(hidden);
  } finally {
    link?.dispose();
    if (!hidden.dispose()) input.onSandboxDamaged?.("trap");
  }
}

function hasRoomForRelay(learner: Sandbox, limits: JudgeLimits): boolean {
  const used = learner.memoryUsedBytes();
  return used !== undefined && limits.memoryBytes - used > RELAY_ROOM_BYTES;
}
