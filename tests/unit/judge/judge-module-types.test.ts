import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { HARNESS_SOURCE, PUBLIC_EXPORTS } from "@/lib/judge/core/harness";

// The "judge" module is declared once for learners and suites (judge-module.d.ts, also served to
// Monaco) and implemented once (the harness). Its types are proved to agree at compile time
// (harness/sandbox/judge-api.check.ts, in `npm run typecheck`); these tests hold the names together.
const root = process.cwd();
const declarations = readFileSync(join(root, "lib/judge/judge-module.d.ts"), "utf8");
const judgeModule = declarations.slice(
  declarations.indexOf('declare module "judge"'),
  declarations.indexOf('declare module "reference"'),
);

function declaredValues(): string[] {
  return [...judgeModule.matchAll(/^ {2}export (?:function|class) (\w+)/gm)].map((m) => m[1]!);
}

/** The names the bundled harness exports: its last statement, export{a as test,...}. */
function harnessExports(): string[] {
  const list = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(HARNESS_SOURCE);
  if (!list) throw new Error("the harness bundle ends without an export list");
  return list[1]!.split(",").map((item) =>
    item
      .trim()
      .split(/\s+as\s+/)
      .pop()!,
  );
}

describe("the judge module's declarations", () => {
  test("declare exactly the values test files may import, each once", () => {
    expect(declaredValues().sort()).toEqual([...PUBLIC_EXPORTS].sort());
  });

  test("name only what the harness exports, which adds just the host's and the relay's handles", () => {
    expect(harnessExports().sort()).toEqual(
      [...PUBLIC_EXPORTS, "internal", "loadReference", "relay"].sort(),
    );
  });

  test("are checked against the harness by the typecheck, in a program with ECMAScript only", () => {
    const config = readFileSync(join(root, "lib/judge/core/harness/sandbox/tsconfig.json"), "utf8");
    const options = JSON.parse(config.replace(/^\s*\/\/.*$/gm, "")) as {
      compilerOptions: { lib: string[]; types: string[]; strict: boolean };
      include: string[];
    };
    expect(options.compilerOptions.lib.every((lib) => /^es\d{4}$/i.test(lib))).toBe(true);
    expect(options.compilerOptions.types).toEqual([]);
    expect(options.compilerOptions.strict).toBe(true);
    expect(options.include).toContain("../../../judge-module.d.ts");
    const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(packageJson.scripts.typecheck).toContain("-p lib/judge/core/harness/sandbox");
  });
});
