import { transformSync } from "esbuild";

/** The one build of the harness the sandbox runs (Node only: esbuild is a native binary). */
export function minifyHarness(source: string): string {
  return transformSync(source, { format: "esm", minify: true, target: "es2022", charset: "utf8" })
    .code;
}
