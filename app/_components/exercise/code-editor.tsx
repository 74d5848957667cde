"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { EditorHandle, MonacoEditorProps, MonacoHandle } from "./monaco-editor";
import { PlainEditor, type PlainEditorHandle } from "./plain-editor";
import styles from "./exercise.module.css";

/**
 * Monaco, loaded only in the browser (`ssr: false`) and only once it is wanted. Until it has
 * mounted, the code is a plain editable text layer laid out like Monaco (plain-editor.tsx): the
 * learner reads, selects and types at once, and Monaco takes over with the text and the caret.
 */
const LazyMonaco = dynamic(() => import("./monaco-editor").then((m) => m.MonacoEditor), {
  ssr: false,
  loading: () => null,
});

export interface CodeEditorProps extends MonacoEditorProps {
  /** Build-time highlighted HTML of the initial `value` (lib/content/highlight.ts). */
  highlightedHtml?: string;
  /** A script run while the page is parsed, before hydration (e.g. showing a saved draft). */
  beforeHydration?: string;
}

// On a laptop Monaco starts as soon as the page is idle; on a touch screen, where its seconds of
// script cost the most and code is mostly read, when the learner touches or focuses the code.
const IDLE_LOAD_QUERY = "(hover: hover) and (pointer: fine)";

export function CodeEditor({ highlightedHtml, beforeHydration, ...props }: CodeEditorProps) {
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const plain = useRef<PlainEditorHandle | null>(null);
  const monaco = useRef<EditorHandle | null>(null);
  const pendingGoTo = useRef<{ line: number; column: number } | null>(null);
  const onReadyProp = useRef(props.onReady);
  useEffect(() => {
    onReadyProp.current = props.onReady;
  }, [props.onReady]);

  // The page gets one handle at once; it reaches whichever editor is showing.
  useEffect(() => {
    onReadyProp.current?.({
      focus: () => (monaco.current ? monaco.current.focus() : plain.current?.focus()),
      goTo: (line, column) => {
        if (monaco.current) return monaco.current.goTo(line, column);
        pendingGoTo.current = { line, column };
        setWanted(true);
      },
    });
  }, []);

  useEffect(() => {
    if (wanted || !window.matchMedia(IDLE_LOAD_QUERY).matches) return;
    if (!window.requestIdleCallback) {
      const timer = window.setTimeout(() => setWanted(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setWanted(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [wanted]);

  const want = () => setWanted(true);

  const onMonacoReady = (handle: MonacoHandle) => {
    monaco.current = handle;
    const from = plain.current?.frame();
    if (from) handle.takeOver(from);
    if (pendingGoTo.current) {
      handle.goTo(pendingGoTo.current.line, pendingGoTo.current.column);
      pendingGoTo.current = null;
    }
    setReady(true);
  };

  return (
    <div
      className={styles.editorFrame}
      style={{ height: props.height ?? "26rem" }}
      data-editor-ready={ready ? "true" : "false"}
      aria-busy={!ready}
      onPointerEnter={want}
      onPointerDown={want}
      onFocus={want}
      onKeyDown={want}
    >
      {!ready && (
        <PlainEditor
          ref={plain}
          value={props.value}
          onChange={props.onChange}
          highlightedHtml={highlightedHtml}
          readOnly={props.readOnly}
          label={props.label}
          fontSize={props.fontSize ?? 14}
          wordWrap={props.wordWrap ?? false}
          beforeHydration={beforeHydration}
        />
      )}
      {wanted && (
        <div className={styles.editorLayer}>
          <LazyMonaco {...props} onMonacoReady={onMonacoReady} />
        </div>
      )}
    </div>
  );
}
