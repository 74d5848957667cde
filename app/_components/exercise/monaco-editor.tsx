"use client";

import { Editor, type OnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import type { CompileError } from "@/lib/judge/results";
import { declareJudgeModule, monaco } from "./monaco-setup";

export interface EditorHandle {
  focus(): void;
  goTo(line: number, column: number): void;
}

export interface MonacoEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** A file path for the model; TypeScript resolves `import ... from "judge"` relative to it. */
  path: string;
  readOnly?: boolean;
  /** The judge's compile errors, shown as markers until the code changes. */
  compileErrors?: readonly CompileError[];
  onReady?: (handle: EditorHandle) => void;
  /** Declarations of the sandbox's "judge" module, for IntelliSense in the learner's file. */
  typeDeclarations?: string;
  label: string;
  height?: string;
  /** Soft-wrap long lines at the editor's width. */
  wordWrap?: boolean;
  /** Code font size in CSS pixels. */
  fontSize?: number;
  /**
   * Other files the TypeScript service should see beside this one (e.g. the solution a test file
   * imports as "./solution"); created once per path, never shown.
   */
  companionFiles?: readonly { path: string; value: string }[];
}

const MARKER_OWNER = "judge";

export function MonacoEditor({
  value,
  onChange,
  path,
  readOnly = false,
  compileErrors,
  onReady,
  typeDeclarations,
  label,
  height = "26rem",
  wordWrap = false,
  fontSize = 14,
  companionFiles,
}: MonacoEditorProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const theme = usePreferredTheme();

  const handleMount: OnMount = (editor) => {
    editorRef.current = editor;
    // Playwright and curious learners can reach the live editor; harmless, and it keeps e2e tests
    // from depending on keyboard emulation for large pastes.
    (window as unknown as { __tradeoffEditors?: Record<string, unknown> }).__tradeoffEditors = {
      ...(window as unknown as { __tradeoffEditors?: Record<string, unknown> }).__tradeoffEditors,
      [path]: editor,
    };
    onReady?.({
      focus: () => editor.focus(),
      goTo: (line, column) => {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenter({ lineNumber: line, column });
        editor.focus();
      },
    });
  };

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      (compileErrors ?? []).map((error) => {
        const line = Math.min(Math.max(error.line, 1), model.getLineCount());
        const word = model.getWordAtPosition({ lineNumber: line, column: error.column });
        return {
          severity: monaco.MarkerSeverity.Error,
          message: error.message,
          source: "judge",
          startLineNumber: line,
          startColumn: error.column,
          endLineNumber: line,
          endColumn: word ? word.endColumn : error.column + 1,
        };
      }),
    );
  }, [compileErrors]);

  return (
    <Editor
      height={height}
      path={path}
      defaultLanguage="typescript"
      value={value}
      theme={theme}
      onChange={(next) => onChange?.(next ?? "")}
      beforeMount={() => {
        if (typeDeclarations) declareJudgeModule(typeDeclarations);
        for (const file of companionFiles ?? []) {
          const uri = monaco.Uri.parse(file.path);
          const existing = monaco.editor.getModel(uri);
          if (existing) existing.setValue(file.value);
          else monaco.editor.createModel(file.value, "typescript", uri);
        }
      }}
      onMount={handleMount}
      loading={null}
      options={{
        readOnly,
        domReadOnly: readOnly,
        ariaLabel: label,
        minimap: { enabled: false },
        fontSize,
        lineHeight: Math.round(fontSize * 1.45),
        wordWrap: wordWrap ? "on" : "off",
        // Sticky scroll pins the enclosing class or function above the viewport; after a paste
        // it can leave a stale copy of a line pinned over the live one (issue 14). The panes are
        // tall enough that the scope is rarely out of sight, so it stays off.
        stickyScroll: { enabled: false },
        tabSize: 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        fixedOverflowWidgets: true,
        renderLineHighlight: readOnly ? "none" : "line",
        // The default dims the last line's number below WCAG contrast (axe: color-contrast).
        renderFinalNewline: "on",
        // Unused names are faded to half opacity, below WCAG contrast too; the TypeScript hover
        // still says they are unused.
        showUnused: false,
      }}
    />
  );
}

function usePreferredTheme(): "vs" | "vs-dark" {
  const [dark, setDark] = useState(
    () =>
      typeof window !== "undefined" && window.matchMedia("(prefers-color-scheme: dark)").matches,
  );
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const update = () => setDark(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return dark ? "vs-dark" : "vs";
}
