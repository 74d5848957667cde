// Replays traffic through the reference limiters: seeded traces, single limiters, and a load
// balancer in front of several instances. The lesson's examples are built from these.
export { type Arrival, type SeededTraceOptions, seededTrace, evenTrace, burstTrace } from "./trace";
export { type ReplayResult, replay } from "./replay";
export {
  type Routing,
  type Placement,
  type ClusterOptions,
  type ClusterOutcome,
  type InstanceOutcome,
  simulateCluster,
} from "./cluster";
export {
  type LabAlgorithm,
  type LabRouting,
  type LabSettings,
  type LabOutcome,
  type LabPreset,
  labAlgorithms,
  labRoutings,
  labPresets,
  checkLabSettings,
  runLab,
} from "./lab";
