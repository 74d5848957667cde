/**
 * H's "./solution" (decision 265): a module exporting, under each of the learner's export names, the
 * relay's stand-in for it, decoded from what L's relay encoded (plain data copied; a class or a
 * function as a stand-in whose calls are relayed to L).
 */
export function learnerStub(exports: readonly { name: string; text: string }[]): string {
  const lines = [`import { importExport } from "judge:relay";`];
  exports.forEach(({ text }, i) =>
    lines.push(`const e${i} = importExport(${JSON.stringify(text)});`),
  );
  const names = exports.map(({ name }, i) => `e${i} as ${JSON.stringify(name)}`);
  lines.push(`export { ${names.join(", ")} };`);
  return lines.join("\n");
}
