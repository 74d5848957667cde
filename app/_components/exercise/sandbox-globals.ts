// The globals QuickJS gives learner code besides the language itself, as declarations for Monaco.
// The sandbox has no DOM, timers, Node or network: checking against ES2020 plus this flags them.
export const sandboxGlobalsDeclarations = `/** Console output is captured and shown with the test that printed it (capped). */
declare var console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
`;
