import fs from "node:fs";
import path from "node:path";
import type { QuickJSWASMModule } from "quickjs-emscripten-core";
import { beforeAll, describe, expect, test } from "vitest";
import { exampleModuleSources } from "@/lib/content/example-module-sources";
import { loadCatalog } from "@/lib/content/loader";
import { evaluateExample } from "@/lib/content/example-runner";
import { exampleModules, listExamples, runExample } from "@/lib/content/run-example";
import { runExampleInSandbox } from "@/lib/example-sandbox/run-in-sandbox";
import { loadQuickJS } from "@/lib/judge/node/load-quickjs";

// "Edit and run" is only honest if the browser's sandbox prints what the page printed at build time.
// Every example of every lesson, whatever it is, runs both ways here.

let quickjs: QuickJSWASMModule;
const modules = exampleModuleSources();
beforeAll(async () => {
  quickjs = (await loadQuickJS()).quickjs;
});

const examples = loadCatalog().courses.flatMap((course) =>
  course.lessons.flatMap((lesson) =>
    listExamples(lesson.dir).map((id) => path.join(lesson.dir, "examples", `${id}.ts`)),
  ),
);

describe("every lesson example in the browser sandbox", () => {
  test("there are examples to check", () => {
    expect(examples.length).toBeGreaterThan(5);
  });

  test.each(examples.map((file) => [path.relative(process.cwd(), file), file]))(
    "%s prints and returns what it printed at build time",
    (_name, file) => {
      const atBuild = runExample(file);
      const inSandbox = runExampleInSandbox({
        quickjs,
        source: fs.readFileSync(file, "utf8"),
        modules,
      });
      expect(inSandbox).toEqual({
        ok: true,
        lines: atBuild.lines,
        truncated: false,
        values: atBuild.values,
      });
    },
  );
});

describe("an edited example", () => {
  const boundary = examples.find((file) => file.endsWith("fixed-window-boundary.ts"))!;

  test("a changed limit changes what it prints, as the build-time runner would print it", () => {
    const original = fs.readFileSync(boundary, "utf8");
    expect(original, "the boundary example states its limit of 100").toContain("100");
    const source = original.replaceAll("100", "40");
    const run = runExampleInSandbox({ quickjs, source, modules });
    expect(run.ok).toBe(true);
    expect(run.lines).not.toEqual(runExample(boundary).lines);
    expect(run.lines).toEqual(evaluateExample(boundary, source, exampleModules).lines);
    expect(run.lines.join("\n")).toContain("40");
  });

  test("an endless loop is stopped with a message", () => {
    const run = runExampleInSandbox({
      quickjs,
      source: "export function run(print) { print('start'); for (;;) {} }",
      modules,
      limits: { timeMs: 200 },
    });
    expect(run).toMatchObject({ ok: false, lines: ["start"] });
    expect(!run.ok && run.error).toMatch(/more than 0.2 s/);
  });

  test("a thrown error names its line", () => {
    const run = runExampleInSandbox({
      quickjs,
      source:
        "export function run(print) {\n  print('one');\n  throw new RangeError('too many');\n}",
      modules,
    });
    expect(run).toMatchObject({
      ok: false,
      lines: ["one"],
      error: "RangeError: too many (line 3)",
    });
  });

  test("a syntax error says where, before anything runs", () => {
    const run = runExampleInSandbox({ quickjs, source: "export function run( {", modules });
    expect(run.ok).toBe(false);
    expect(!run.ok && run.error).toMatch(/^Line 1, column \d+:/);
  });

  test("imports outside the lesson's code are refused, naming the allowed ones", () => {
    const run = runExampleInSandbox({
      quickjs,
      source: 'import fs from "node:fs";\nexport function run(print) { print(String(fs)); }',
      modules,
    });
    expect(!run.ok && run.error).toContain(
      'cannot import "node:fs": an example may import only "@/lib/limiters" and "@/lib/simulation"',
    );
  });

  test("printing without end is cut off, not kept", () => {
    const run = runExampleInSandbox({
      quickjs,
      source: "export function run(print) { for (let i = 0; i < 10000; i++) print(String(i)); }",
      modules,
    });
    expect(run).toMatchObject({ ok: true, truncated: true });
    expect(run.lines).toHaveLength(2_000);
  });

  test("console.log prints too", () => {
    const run = runExampleInSandbox({
      quickjs,
      source: "export function run() { console.log('n =', 3, { a: 1 }); }",
      modules,
    });
    expect(run).toMatchObject({ ok: true, lines: ['n = 3 {"a":1}'] });
  });
});

test("numbers are formatted as the build-time page formats them", () => {
  const samples = [0, 7, 1200, 2000, -1234567.891, 0.5, 1234.5678, 987654321];
  const run = runExampleInSandbox({
    quickjs,
    source: `export function run(print) { for (const n of ${JSON.stringify(samples)}) print(n.toLocaleString("en-US")); }`,
    modules,
  });
  expect(run).toMatchObject({ ok: true, lines: samples.map((n) => n.toLocaleString("en-US")) });
});
