import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { loadCatalog } from "@/lib/content/loader";

// Learner pages carry no internal notes: decision numbers and benchmark measurements live in docs/.
// The pages are the lessons' MDX, the example programs they run, and the lib/limiters files that
// <LimiterSource> shows.
const internalNote = /\bdecisions? \d{3}\b|docs\/decisions|\d\s?(µs|us)\b|INFO commandstats/i;

function learnerFiles(): string[] {
  const files = new Set<string>();
  for (const course of loadCatalog().courses) {
    for (const lesson of course.lessons) {
      for (const section of lesson.sections) {
        files.add(section.file);
        const source = fs.readFileSync(section.file, "utf8");
        for (const [, file] of source.matchAll(/<LimiterSource file="([^"]+)"/g)) {
          files.add(path.join(process.cwd(), "lib", "limiters", file!));
        }
      }
      const examples = path.join(lesson.dir, "examples");
      if (fs.existsSync(examples)) {
        for (const name of fs.readdirSync(examples)) files.add(path.join(examples, name));
      }
    }
  }
  return [...files];
}

test("no learner page mentions a decision number or a benchmark measurement", () => {
  const files = learnerFiles();
  expect(files.length).toBeGreaterThan(10);
  const offending = files.flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((line, i) => ({ where: `${path.relative(process.cwd(), file)}:${i + 1}`, line }))
      .filter(({ line }) => internalNote.test(line)),
  );
  expect(offending).toEqual([]);
});
