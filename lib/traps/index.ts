// Code traps: predict, run, fix. Loads trap folders, runs their scenarios and judges fixes in the
// judge's sandbox, and proves a trap for `content:check`. Server only (reads files, runs QuickJS).
export * from "./schema";
export * from "./outcome";
export * from "./load-traps";
export * from "./find-trap";
export * from "./run-trap";
export * from "./sandbox-judge";
export * from "./attempts";
export { proveTrap, type ProveTrapOptions, type TrapProof } from "./prove-trap";
