import type { Clock } from "judge";

/** At most `limit` requests per window of `windowMs`, windows aligned to clock zero. */
export class FixedWindow {
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** True if this request is admitted (and counted), false if the window is full. */
  allow(): boolean {
    // Which window is clock.now() in? Has it changed since the last request?
    return true;
  }
}
