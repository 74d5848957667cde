import { buildSync } from "esbuild";
import { fileURLToPath } from "node:url";

const SANDBOX = fileURLToPath(new URL("./sandbox/", import.meta.url));

/**
 * The harness as the sandbox runs it: sandbox/judge-internal.ts and what it imports, bundled into
 * one ES module (decision 280). Minified, because QuickJS parses the harness on every judge and the
 * minified build parses about 0.8 ms faster (decision 025). Node only: esbuild is a native binary,
 * so the sandbox loads the committed result (minified.generated.ts), never this.
 */
export function bundleHarness(options: { minify: boolean } = { minify: true }): string {
  const result = buildSync({
    entryPoints: [`${SANDBOX}judge-internal.ts`],
    tsconfig: `${SANDBOX}tsconfig.json`,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    charset: "utf8",
    legalComments: "none",
    minify: options.minify,
    logLevel: "silent",
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("build:harness: esbuild produced no output");
  return file.text;
}
