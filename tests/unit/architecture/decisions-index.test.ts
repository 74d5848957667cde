import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const dir = path.join(process.cwd(), "docs/decisions");
const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));

test("every decision record states its status and date and is listed in the index", () => {
  const index = fs.readFileSync(path.join(dir, "README.md"), "utf8");
  const problems: string[] = [];
  for (const name of records) {
    const head = fs.readFileSync(path.join(dir, name), "utf8").split("\n").slice(0, 6).join("\n");
    if (!/^- Status: \S/m.test(head)) problems.push(`${name}: no "- Status:" line under the title`);
    if (!/^- Date: \d{4}-\d{2}-\d{2}$/m.test(head))
      problems.push(`${name}: no "- Date: YYYY-MM-DD" line`);
    if (!index.includes(`](${name})`))
      problems.push(`${name}: not linked from docs/decisions/README.md`);
  }
  expect(records.length).toBeGreaterThan(50);
  expect(problems).toEqual([]);
});
