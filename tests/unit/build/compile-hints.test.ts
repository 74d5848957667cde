import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, addCompileHints, frameworkChunks } from "@/lib/build/compile-hints.mjs";

// A build directory shaped as Next 16 with Turbopack writes it: the framework's chunks listed in
// build-manifest.json, the page's own and the editor's chunks beside them.

let dist: string;

function write(relative: string, text: string) {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const chunk = (name: string) => fs.readFileSync(path.join(dist, "static/chunks", name), "utf8");
const source = (name: string) => `(globalThis.TURBOPACK||[]).push(["${name}"]);`;

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  write(
    "build-manifest.json",
    JSON.stringify({
      polyfillFiles: ["static/chunks/polyfills.js"],
      rootMainFiles: ["static/chunks/react-dom.js", "static/chunks/router.js"],
    }),
  );
  for (const name of ["react-dom", "router", "polyfills", "lesson", "monaco-editor"]) {
    write(`static/chunks/${name}.js`, source(name));
  }
});

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("compile hints", () => {
  it("are for the chunks every page runs before it hydrates, as the build manifest lists them", () => {
    expect(frameworkChunks(dist)).toEqual([
      "static/chunks/react-dom.js",
      "static/chunks/router.js",
    ]);
  });

  it("open each framework chunk with V8's hint and leave every other chunk as it was", () => {
    expect(addCompileHints(dist)).toMatchObject({ chunks: 2, added: 2 });
    expect(chunk("react-dom.js")).toBe(`//# allFunctionsCalledOnLoad\n${source("react-dom")}`);
    expect(chunk("router.js")).toBe(`${COMPILE_HINT}${source("router")}`);
    for (const name of ["polyfills", "lesson", "monaco-editor"]) {
      expect(chunk(`${name}.js`)).toBe(source(name));
    }
  });

  it("are added once however often the build step runs", () => {
    addCompileHints(dist);
    expect(addCompileHints(dist).added).toBe(0);
    expect(chunk("router.js").split(COMPILE_HINT)).toHaveLength(2);
  });

  it("refuse a build whose manifest names a chunk that is not on disk", () => {
    fs.rmSync(path.join(dist, "static/chunks/router.js"));
    expect(() => addCompileHints(dist)).toThrow(/router\.js is in the manifest but not on disk/);
  });

  it("refuse a manifest that lists no framework chunks rather than hint nothing", () => {
    write("build-manifest.json", JSON.stringify({ rootMainFiles: [] }));
    expect(() => addCompileHints(dist)).toThrow(/lists no rootMainFiles/);
  });
});
