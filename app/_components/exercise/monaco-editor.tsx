"use client";

import { Editor, type OnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import type { CompileError } from "@/lib/judge/results";
import * as monaco from "monaco-editor/editor/editor.api";
import { declareJudgeModule } from "./monaco-setup";
import { plainState } from "./plain-handover";

export interface EditorHandle {
  focus(): void;
  goTo(line: number, column: number): void;
}

export interface MonacoHandle extends EditorHandle {
  /** Takes the place of the plain text layer (code-editor.tsx), given its scrolling frame. */
  takeOver(plain: HTMLElement): void;
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
  onMonacoReady,
}: MonacoEditorProps & { onMonacoReady?: (handle: MonacoHandle) => void }) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  // Texts this editor reported: when one comes back as `value` it is an echo, possibly older than
  // the model (the prop is applied after paint, and a key may have landed since). Writing it back
  // would drop that key, so only other values (a restored draft, Reset) replace the model.
  const reported = useRef(new Set<string>());
  const latestValue = useRef(value);

  useEffect(() => {
    latestValue.current = value;
    const model = editorRef.current?.getModel();
    if (!model || reported.current.has(value) || model.getValue() === value) return;
    reported.current.clear();
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value]);
  const theme = usePreferredTheme();

  const handleMount: OnMount = (editor) => {
    editorRef.current = editor;
    // Playwright and curious learners can reach the live editor; harmless, and it keeps e2e tests
    // from depending on keyboard emulation for large pastes.
    (window as unknown as { __tradeoffEditors?: Record<string, unknown> }).__tradeoffEditors = {
      ...(window as unknown as { __tradeoffEditors?: Record<string, unknown> }).__tradeoffEditors,
      [path]: editor,
    };
    // The model may be older than `value` (created for this path before, or keys typed since).
    const model = editor.getModel();
    if (model && model.getValue() !== latestValue.current) model.setValue(latestValue.current);
    const handle: MonacoHandle = {
      focus: () => editor.focus(),
      goTo: (line, column) => {
        editor.setPosition({ lineNumber: line, column });
        editor.revealPositionInCenter({ lineNumber: line, column });
        editor.focus();
      },
      takeOver: (plain) => {
        const model = editor.getModel();
        const state = plainState(plain);
        if (!model || !state) return;
        const { text, selection, scroll, focused } = state;
        // Keystrokes typed in the plain layer while Monaco was being created.
        if (model.getValue() !== text) {
          model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
        }
        if (selection) {
          const start = model.getPositionAt(selection.start);
          const end = model.getPositionAt(selection.end);
          editor.setSelection({
            startLineNumber: start.lineNumber,
            startColumn: start.column,
            endLineNumber: end.lineNumber,
            endColumn: end.column,
          });
        }
        editor.setScrollPosition({ scrollTop: scroll.top, scrollLeft: scroll.left });
        if (focused) editor.focus();
      },
    };
    onReady?.(handle);
    onMonacoReady?.(handle);
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
      defaultValue={value}
      theme={theme}
      onChange={(next) => {
        const text = next ?? "";
        reported.current.add(text);
        if (reported.current.size > 64) {
          reported.current.delete(reported.current.values().next().value!);
        }
        onChange?.(text);
      }}
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
        // The plain layer before Monaco (plain-editor.module.css) is laid out with these: the
        // site's monospace font, five digits of line numbers, 10 px of decorations, folding.
        fontFamily: monoFontFamily(),
        lineNumbersMinChars: 5,
        lineDecorationsWidth: 10,
        glyphMargin: false,
        folding: true,
        fontLigatures: false,
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

function monoFontFamily(): string | undefined {
  const family = getComputedStyle(document.documentElement).getPropertyValue("--font-mono").trim();
  return family || undefined;
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
