// Plain JavaScript: next.config.js runs it after every production compile
// (docs/decisions/530-compile-hints-for-the-framework-chunks.md).

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * V8's explicit compile hint: a script that opens with this comment has all its functions compiled
 * eagerly, on a background thread while it streams in. Without it, each of the bundler's module
 * factories is compiled on the main thread the first time it runs, inside the one task that starts
 * React: about half of that task.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The chunks every page loads and runs before it can hydrate: React, the router and the bundler's
 * runtime (build-manifest.json's rootMainFiles). Our own components' chunks and everything imported
 * on demand (the editor, the whiteboard, the sandbox) keep lazy compilation: hinting them too took
 * nothing more off the main thread and made the first paint later, the background threads competing
 * with the page on two cores.
 *
 * @param {string} distDir the build's directory (.next)
 * @returns {string[]} paths relative to distDir, such as "static/chunks/0abc.js"
 */
export function frameworkChunks(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, "build-manifest.json"), "utf8"));
  const chunks = manifest.rootMainFiles;
  if (!Array.isArray(chunks) || chunks.length === 0) {
    throw new Error("compile hints: build-manifest.json lists no rootMainFiles");
  }
  return chunks.filter((chunk) => chunk.endsWith(".js"));
}

/**
 * Opens each framework chunk with the compile hint. Idempotent: a chunk that has it is left alone.
 *
 * @param {string} distDir
 * @returns {{ chunks: number, bytes: number, added: number }}
 */
export function addCompileHints(distDir) {
  let bytes = 0;
  let added = 0;
  const chunks = frameworkChunks(distDir);
  for (const chunk of chunks) {
    const path = join(distDir, chunk);
    // A manifest naming a file the build did not write is a build we do not understand.
    if (!existsSync(path))
      throw new Error(`compile hints: ${chunk} is in the manifest but not on disk`);
    const text = readFileSync(path, "utf8");
    bytes += Buffer.byteLength(text);
    if (text.startsWith(COMPILE_HINT)) continue;
    writeFileSync(path, COMPILE_HINT + text);
    added += 1;
  }
  return { chunks: chunks.length, bytes, added };
}
