import { type Bag, H, call, join, push } from "./intrinsics";
import { inspect, learnerLine } from "./inspect";

// Console output is kept per test, capped; past the cap it is counted, not stored. Past
// OUTPUT_LIMIT characters in one test the test is stopped (decision 121): making that much text costs
// the learner's code far more time than the limiter does, and the cause must be named, not guessed.
const OUTPUT_LIMIT = 1000000;
export const output = { text: "", dropped: 0, droppedLines: 0, printed: 0, cap: 4000, over: "" };
export class OutputLimitError extends Error {
  constructor() {
    super("the test printed more than " + OUTPUT_LIMIT + " characters");
    this.name = "OutputLimitError";
  }
}
export function takeOutput(): string {
  let text = output.text;
  if (output.droppedLines > 0) {
    text +=
      "... output cut: the judge keeps the first " +
      output.cap +
      " characters a test prints; " +
      output.droppedLines +
      " more line" +
      (output.droppedLines === 1 ? "" : "s") +
      " (" +
      output.dropped +
      " characters) not shown\n";
  }
  output.text = "";
  output.dropped = 0;
  output.droppedLines = 0;
  output.printed = 0;
  return text;
}
/** The output and, if the test printed past the limit, where (the host's one call after a test). */
export function takeOutputReport(): string {
  const over = output.over;
  output.over = "";
  return H.stringify({ text: takeOutput(), over });
}
function print(args: unknown[]): void {
  if (output.over !== "") throw new OutputLimitError();
  const parts: string[] = [];
  let length = 1;
  for (let i = 0; i < args.length && i < 16; i++) {
    const part = inspect(args[i], 2, true);
    push(parts, part);
    length += part.length + (i > 0 ? 1 : 0);
  }
  output.printed += length;
  if (output.printed > OUTPUT_LIMIT) {
    const where = learnerLine(new H.Error());
    output.over = where === "" ? "unknown" : where;
    throw new OutputLimitError();
  }
  if (output.text.length >= output.cap) {
    // Past the cap a line is only counted: nothing is joined or kept.
    output.dropped += length;
    output.droppedLines += 1;
    return;
  }
  const line = join(parts, " ") + "\n";
  const room = output.cap - output.text.length;
  if (room >= line.length) output.text += line;
  else {
    output.text += call(H.slice, line, 0, room);
    output.dropped += line.length - room;
    output.droppedLines += 1;
  }
}
const consoleObject: Record<string, (...args: unknown[]) => void> = {};
const levels = ["log", "info", "warn", "error", "debug", "trace"];
for (let i = 0; i < levels.length; i++) {
  consoleObject[levels[i]!] = function (...args) {
    print(args);
  };
}
(globalThis as Bag).console = consoleObject;
