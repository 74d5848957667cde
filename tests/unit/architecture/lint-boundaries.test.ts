import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Lints snippets as if they lived at the given path, with the project's own configuration: the rules
// are only worth something if a violating import really fails `npm run lint`. The paths are of
// files that exist (the snippet stands in for their text): the type-aware rules need a file the
// TypeScript project includes.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint builds the TypeScript program (tens of seconds on a loaded machine); the rest reuse it.
describe("lint boundaries", { timeout: 300_000 }, () => {
  it("refuses an import of app/ from lib/", async () => {
    const messages = await messagesFor(
      "lib/progress/streak.ts",
      'import { Header } from "@/app/_components/header";\nexport const x = Header;\n',
    );
    expect(messages.join("\n")).toMatch(/lib\/ never imports app\//);
  });

  it("refuses Next, Prisma and env in the limiters and the judge core", async () => {
    const cases: Array<[string, RegExp]> = [
      ['import { headers } from "next/headers";\nexport const x = headers;\n', /Next or React/],
      [
        'import { PrismaClient } from "@prisma/client";\nexport const x = PrismaClient;\n',
        /database/,
      ],
      ['import { env } from "@/lib/env";\nexport const x = env;\n', /environment/],
    ];
    for (const file of ["lib/limiters/burst.ts", "lib/judge/core/plan.ts"]) {
      for (const [code, reason] of cases) {
        expect((await messagesFor(file, code)).join("\n")).toMatch(reason);
      }
    }
  });

  it("refuses the wall clock in domain code but not in the clock adapter", async () => {
    const code =
      "export const a = Date.now();\nexport const b = new Date();\nexport const c = performance.now();\n";
    const messages = await messagesFor("lib/limiters/burst.ts", code);
    expect(messages.filter((m) => m.includes("injected clock"))).toHaveLength(3);
    expect(
      await messagesFor("lib/limiters/clock.ts", "export const c = performance.now();\n"),
    ).toEqual([]);
  });

  it("lets the same imports through outside the pure domain folders", async () => {
    const messages = await messagesFor(
      "lib/progress/streak.ts",
      'import { env } from "@/lib/env";\nexport const x = env;\nexport const t = Date.now();\n',
    );
    expect(messages).toEqual([]);
  });

  it("refuses an import cycle, dynamic imports included, but not a type-only import back", async () => {
    // Linted as lib/auth/viewer.ts: lib/auth/index.ts (on disk) imports that file, so importing the
    // index from it closes a loop.
    const file = "lib/auth/viewer.ts";
    const cycle = 'import { getAuth } from "@/lib/auth";\nexport const x = getAuth;\n';
    expect((await messagesFor(file, cycle)).join("\n")).toMatch(/import-x\/no-cycle/);
    const dynamic = 'export const load = () => import("@/lib/auth");\n';
    expect((await messagesFor(file, dynamic)).join("\n")).toMatch(/import-x\/no-cycle/);
    const typeOnly = 'import type { Auth } from "@/lib/auth";\nexport type X = Auth;\n';
    expect(await messagesFor(file, typeOnly)).toEqual([]);
  });

  it("refuses a promise nobody awaits and one handed where a plain callback is expected", async () => {
    // An existing file's path, so that the type checker's project includes it.
    const file = "lib/progress/streak.ts";
    const floating =
      "async function save(): Promise<void> {}\nexport function f() {\n  save();\n}\n";
    expect((await messagesFor(file, floating)).join("\n")).toMatch(/no-floating-promises/);
    const misused =
      "export function f(ids: string[]) {\n  ids.forEach(async (id) => {\n    await Promise.resolve(id);\n  });\n}\n";
    expect((await messagesFor(file, misused)).join("\n")).toMatch(/no-misused-promises/);
    const awaited =
      "async function save(): Promise<void> {}\nexport async function f() {\n  await save();\n}\n";
    expect(await messagesFor(file, awaited)).toEqual([]);
  });

  it("refuses a type imported as a value", async () => {
    const code = 'import { Viewer } from "@/lib/auth/viewer";\nexport type X = Viewer;\n';
    const messages = await messagesFor("lib/progress/streak.ts", code);
    expect(messages.join("\n")).toMatch(/consistent-type-imports/);
  });

  it("lets an index.ts only re-export, and only an index.ts re-export", async () => {
    const rule = "tradeoff/re-export-files";
    const barrel = 'export { getDb } from "./app-db";\nexport type { Db } from "./client";\n';
    expect(await messagesFor("lib/db/index.ts", barrel)).toEqual([]);
    const wiring = `${barrel}export const ready = true;\n`;
    expect((await messagesFor("lib/db/index.ts", wiring)).join("\n")).toContain(
      `${rule}: an index.ts only re-exports`,
    );
    const imported = 'import { getDb } from "./app-db";\nexport { getDb };\n';
    // The import is code of the index's own; the export of the imported name is a re-export.
    expect(
      (await messagesFor("lib/db/index.ts", imported)).filter((m) => m.startsWith(rule)),
    ).toEqual([
      `${rule}: an index.ts only re-exports (\`export … from\`): put this in a module named for what it does.`,
    ]);
    const passedOn = 'export { lessonKey } from "./lesson-key";\nexport const n = 1;\n';
    expect((await messagesFor("lib/progress/streak.ts", passedOn)).join("\n")).toContain(
      `${rule}: only an index.ts re-exports`,
    );
    const importedThenExported =
      'import { lessonKey } from "./lesson-key";\nexport { lessonKey };\n';
    expect(
      (await messagesFor("lib/progress/streak.ts", importedThenExported)).join("\n"),
    ).toContain(`${rule}: only an index.ts re-exports`);
    const local = "const n = 1;\nexport { n };\n";
    expect(
      (await messagesFor("lib/progress/streak.ts", local)).filter((m) => m.startsWith(rule)),
    ).toEqual([]);
    const everything = 'export * from "./lesson-key";\n';
    expect(
      (await messagesFor("app/_components/exercise/timeline-geometry.ts", everything)).join("\n"),
    ).toContain(rule);
  });
});
