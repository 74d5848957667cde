"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { EditorHandle, MonacoEditorProps } from "./monaco-editor";
import styles from "./exercise.module.css";

/**
 * Monaco, loaded only in the browser and only on exercise pages (`ssr: false`). Until its chunk has
 * arrived and the editor has mounted, the page shows the code in a read-only textarea of the same
 * size, so the layout does not jump and the learner can already read (and copy) the code.
 */
const LazyMonaco = dynamic(() => import("./monaco-editor").then((m) => m.MonacoEditor), {
  ssr: false,
  loading: () => null,
});

export function CodeEditor(props: MonacoEditorProps) {
  const [ready, setReady] = useState(false);
  const onReady = (handle: EditorHandle) => {
    setReady(true);
    props.onReady?.(handle);
  };
  return (
    <div
      className={styles.editorFrame}
      style={{ height: props.height ?? "26rem" }}
      data-editor-ready={ready ? "true" : "false"}
      aria-busy={!ready}
    >
      {!ready && (
        <textarea
          className={styles.skeleton}
          value={props.value}
          readOnly
          aria-label={`${props.label} (loading the editor…)`}
          data-testid="editor-skeleton"
          spellCheck={false}
          style={
            props.fontSize
              ? { fontSize: props.fontSize, lineHeight: `${Math.round(props.fontSize * 1.45)}px` }
              : undefined
          }
        />
      )}
      <div className={styles.editorLayer}>
        <LazyMonaco {...props} onReady={onReady} />
      </div>
    </div>
  );
}
