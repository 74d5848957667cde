import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// Lints snippets as if they lived at the given path, with the project's own configuration: the rules
// are only worth something if a violating import really fails `npm run lint`.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`);
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("lint boundaries", { timeout: 60_000 }, () => {
  it("refuses an import of app/ from lib/", async () => {
    const messages = await messagesFor(
      "lib/progress/example.ts",
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
    for (const file of ["lib/limiters/example.ts", "lib/judge/core/example.ts"]) {
      for (const [code, reason] of cases) {
        expect((await messagesFor(file, code)).join("\n")).toMatch(reason);
      }
    }
  });

  it("refuses the wall clock in domain code but not in the clock adapter", async () => {
    const code =
      "export const a = Date.now();\nexport const b = new Date();\nexport const c = performance.now();\n";
    const messages = await messagesFor("lib/limiters/example.ts", code);
    expect(messages.filter((m) => m.includes("injected clock"))).toHaveLength(3);
    expect(
      await messagesFor("lib/limiters/clock.ts", "export const c = performance.now();\n"),
    ).toEqual([]);
  });

  it("lets the same imports through outside the pure domain folders", async () => {
    const messages = await messagesFor(
      "lib/progress/example.ts",
      'import { env } from "@/lib/env";\nexport const x = env;\nexport const t = Date.now();\n',
    );
    expect(messages).toEqual([]);
  });
});
