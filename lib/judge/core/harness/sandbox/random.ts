import { H } from "./intrinsics";

// A seeded generator (mulberry32): a verdict must be a pure function of the code and the suite.
let randomState = 0;
export function seedRandom(seed: number): void {
  randomState = seed >>> 0;
}
Math.random = function random() {
  randomState = (randomState + 0x6d2b79f5) >>> 0;
  let t = randomState;
  t = H.imul(t ^ (t >>> 15), t | 1);
  t ^= t + H.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
