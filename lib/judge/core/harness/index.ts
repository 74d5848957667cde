export {
  JUDGE_MODULE_SOURCE,
  LEARNER_EXPORTS,
  LEARNER_JUDGE_MODULE_SOURCE,
  PUBLIC_EXPORTS,
} from "./source";

/**
 * What the sandbox evaluates as "judge:internal": the TypeScript modules of sandbox/, bundled and
 * minified by `npm run build:harness` (decisions 025, 280). A unit test fails, naming that command,
 * when the committed build no longer matches its sources.
 */
export { HARNESS_MINIFIED as HARNESS_SOURCE } from "./minified.generated";
