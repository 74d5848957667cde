"use client";

import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor/editor.api";
import * as ts from "monaco-editor/languages/features/typescript/register";
import "./monaco-features";
import { sandboxGlobalsDeclarations } from "./sandbox-globals";

// Monaco from our own bundle, never a CDN (decision 050): its core API, the features we use and
// TypeScript alone (decision 242), not the full `monaco-editor` entry. This module is imported
// only by the editor component, which loads it with a dynamic import, so none of this reaches the
// server or a page's first load.

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    // Literal `new Worker(new URL(...))` calls: that is the shape the bundler follows to emit the
    // worker as its own chunk. Paths follow monaco-editor's `exports` map ("./*" -> esm/vs/*.js).
    if (label === "typescript" || label === "javascript") {
      return new Worker(
        new URL("monaco-editor/language/typescript/ts.worker.js", import.meta.url),
        {
          type: "module",
          name: "monaco-typescript",
        },
      );
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), {
      type: "module",
      name: "monaco-editor",
    });
  },
};

// @monaco-editor/react types `monaco` as the full entry; the API object is the part it calls.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]["monaco"] });

// The sandbox is plain ES2020 with no DOM, timers, Node or modules beyond "judge": type-check the
// learner's code against that, so `setTimeout` or `process` is flagged before Run is pressed.
ts.typescriptDefaults.setCompilerOptions({
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.NodeJs,
  lib: ["es2020"],
  strict: true,
  noEmit: true,
  isolatedModules: true,
  allowNonTsExtensions: true,
  noUnusedLocals: false,
});
ts.typescriptDefaults.setDiagnosticsOptions({
  noSemanticValidation: false,
  noSyntaxValidation: false,
});
ts.typescriptDefaults.setExtraLibs([
  { content: sandboxGlobalsDeclarations, filePath: "file:///sandbox-globals.d.ts" },
]);
ts.typescriptDefaults.setEagerModelSync(true);

/**
 * Gives the TypeScript service the "judge" module's declarations (the server reads them from
 * lib/judge/judge-module.d.ts, the file tsc checks the exercises with), so the learner gets
 * IntelliSense on Clock, ManualClock, SharedStore and the rest.
 */
export function declareJudgeModule(declarations: string): void {
  ts.typescriptDefaults.setExtraLibs([
    { content: sandboxGlobalsDeclarations, filePath: "file:///sandbox-globals.d.ts" },
    { content: declarations, filePath: "file:///node_modules/@types/judge/index.d.ts" },
  ]);
}
