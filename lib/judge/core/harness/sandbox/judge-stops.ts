import { JudgeFailure } from "./assertions";
import { isResourceError } from "./inspect";
import { OutputLimitError } from "./output";
import { WallClockError } from "./wall-clock";

/**
 * Whether an error thrown while the learner's code ran stops the test rather than being the
 * learner's answer: a failed assertion, a read of the wall clock, too much output, running out of
 * memory or stack. Code that records the learner's own errors lets these through, for the test
 * runner to report with their own verdict and message.
 */
export function stopsTheTest(e: unknown): boolean {
  return (
    e instanceof JudgeFailure ||
    e instanceof WallClockError ||
    e instanceof OutputLimitError ||
    isResourceError(e)
  );
}
