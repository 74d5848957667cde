import path from "node:path";
import { describe, expect, test } from "vitest";
import { ContentError } from "@/lib/content/content-error";
import { evaluateExample, type ExampleModules } from "@/lib/content/example-runner";
import { exampleValue, findExample, listExamples, runExample } from "@/lib/content/run-example";

// A stand-in for @/lib/limiters: the runner must serve whatever module map it is given.
const stubLimiters = {
  burst: (limiter: { allow(): boolean }, n: number) =>
    Array.from({ length: n }).filter(() => limiter.allow()).length,
  AllowFirst: class {
    private left: number;
    constructor(limit: number) {
      this.left = limit;
    }
    allow() {
      return this.left-- > 0;
    }
  },
};
const modules: ExampleModules = { "@/lib/limiters": stubLimiters };

const lessonDir = path.resolve(
  "tests/fixtures/content/valid/courses/beta-course/lessons/01.first-lesson",
);

describe("evaluating an example program", () => {
  test("captures printed lines and returned values, using the injected module", () => {
    const source = `
      import { AllowFirst, burst } from "@/lib/limiters";
      export function run(print: (line: string) => void) {
        const limiter = new AllowFirst(3);
        const allowed: number = burst(limiter, 5);
        print(\`\${allowed} allowed\`);
        print("two\\nlines");
        return { allowed, label: "stub" };
      }`;
    const result = evaluateExample("stub.ts", source, modules);
    expect(result.lines).toEqual(["3 allowed", "two", "lines"]);
    expect(result.values).toEqual({ allowed: 3, label: "stub" });
    expect(result.source).toBe(source);
  });

  test("an example that returns nothing has no values", () => {
    const result = evaluateExample("quiet.ts", "export function run(print) { print('hi'); }", {});
    expect(result).toMatchObject({ lines: ["hi"], values: {} });
  });

  test("an import outside the module map is refused with the file and the allowed modules", () => {
    const source = `import fs from "node:fs";\nexport function run() { return { n: fs.readdirSync(".").length }; }`;
    expect(() => evaluateExample("sneaky.ts", source, modules)).toThrow(
      'sneaky.ts: imports "node:fs", but an example may import only "@/lib/limiters"',
    );
  });

  test("a file without a run export is refused", () => {
    expect(() => evaluateExample("norun.ts", "export const x = 1;", modules)).toThrow(
      "norun.ts: must export a function named run(print)",
    );
  });

  test("an exception inside run is reported as a ContentError naming the file", () => {
    const source = "export function run() { throw new RangeError('clock went backwards'); }";
    const error = captureError(() => evaluateExample("boom.ts", source, modules));
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toBe("boom.ts: run() threw: clock went backwards");
  });

  test("a source that does not compile is reported with the file", () => {
    expect(() => evaluateExample("broken.ts", "export function run( {", modules)).toThrow(
      /^broken\.ts: does not compile/,
    );
  });

  test("returned values must be strings or numbers", () => {
    const source = "export function run() { return { when: [1, 2] }; }";
    expect(() => evaluateExample("list.ts", source, modules)).toThrow(
      'list.ts: run() returned "when" as object; use a string or number',
    );
  });
});

describe("finding and running a lesson's examples", () => {
  test("an example id resolves to examples/<id>.ts in the lesson folder", () => {
    expect(findExample(lessonDir, "hello", "intro.mdx")).toBe(
      path.join(lessonDir, "examples", "hello.ts"),
    );
    expect(listExamples(lessonDir)).toEqual(["hello"]);
  });

  test("an unknown RunExample id fails, naming the MDX file and the id", () => {
    const error = captureError(() => findExample(lessonDir, "no-such-example", "/x/01.intro.mdx"));
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toContain("/x/01.intro.mdx");
    expect(error.message).toContain('unknown example id "no-such-example"');
    expect(error.message).toContain("this lesson has: hello");
  });

  test("an id that tries to leave the examples folder is treated as unknown", () => {
    expect(() => findExample(lessonDir, "../../lesson", "intro.mdx")).toThrow(
      'unknown example id "../../lesson"',
    );
  });

  test("runs a fixture example against the real lib/limiters", () => {
    const result = runExample(findExample(lessonDir, "hello", "intro.mdx"));
    expect(result.lines).toEqual(["  now=1500", "  done"]);
    expect(result.values).toEqual({ now: 1500, total: 1234567, label: "ok" });
  });

  test("runs a file once and serves the cached result after that", () => {
    const file = findExample(lessonDir, "hello", "intro.mdx");
    expect(runExample(file)).toBe(runExample(file));
  });

  test("a Value is formatted for en-US, and an unknown name fails naming the MDX file", () => {
    const result = runExample(findExample(lessonDir, "hello", "intro.mdx"));
    expect(exampleValue(result, "total", "intro.mdx")).toBe("1,234,567");
    expect(exampleValue(result, "label", "intro.mdx")).toBe("ok");
    expect(() => exampleValue(result, "missing", "/x/intro.mdx")).toThrow(
      '/x/intro.mdx: <Value name="missing">: hello.ts returns no value "missing" (it returns: now, total, label)',
    );
  });
});

function captureError(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}
