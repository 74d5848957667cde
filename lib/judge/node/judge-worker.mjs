// Entry of a judge worker thread. Plain JavaScript on purpose: it runs unchanged under vitest, tsx
// and `next start` (where the server bundle cannot host a worker file), because it imports only
// Node built-ins and packages from node_modules.
//
// The judge itself is TypeScript (lib/judge/core, shared with the browser). This file loads it by
// stripping types with sucrase (already a dependency of the judge) and evaluating each file as a
// CommonJS module. Only the project's own files go through this loader; learner code never runs in
// Node at all, it runs inside QuickJS. (node:vm is used only to name the files in stack traces; it
// is not, and is not used as, a sandbox.)
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { workerData } from "node:worker_threads";

const root = workerData.root;
const requireFromRoot = createRequire(path.join(root, "package.json"));
const { transform } = requireFromRoot("sucrase");
const loaded = new Map();

function resolveTypeScript(base) {
  for (const candidate of [`${base}.ts`, path.join(base, "index.ts"), base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`judge worker: cannot resolve ${base}`);
}

function loadTypeScript(file) {
  const cached = loaded.get(file);
  if (cached) return cached.exports;
  const record = { exports: {} };
  loaded.set(file, record);
  const source = fs.readFileSync(file, "utf8");
  const { code } = transform(source, { transforms: ["typescript", "imports"], filePath: file });
  const localRequire = (specifier) => {
    if (specifier.startsWith(".")) {
      return loadTypeScript(resolveTypeScript(path.resolve(path.dirname(file), specifier)));
    }
    if (specifier.startsWith("@/"))
      return loadTypeScript(resolveTypeScript(path.join(root, specifier.slice(2))));
    return requireFromRoot(specifier);
  };
  const run = vm.compileFunction(
    code,
    ["exports", "require", "module", "__filename", "__dirname"],
    {
      filename: file,
    },
  );
  run(record.exports, localRequire, record, file, path.dirname(file));
  return record.exports;
}

const main = loadTypeScript(path.join(root, "lib", "judge", "node", "worker-main.ts"));
await main.startJudgeWorker();
