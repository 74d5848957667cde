"use client";

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import { offsetIn, readText } from "./plain-text";
import styles from "./plain-editor.module.css";

// The code as the server rendered it, editable before Monaco has arrived (decision 243): a
// `contenteditable="plaintext-only"` <pre> holding the build-time highlighted HTML, laid out like
// Monaco (same font, line height, gutter), so the learner reads, selects and types at once and
// Monaco takes over where it stands, with the text and the caret handed over.

export interface PlainEditorHandle {
  /**
   * The layer's scrolling frame, holding the <pre>: what Monaco takes over from (its text, caret,
   * scroll and focus: plain-handover.ts, loaded with Monaco).
   */
  frame(): HTMLElement | null;
  focus(): void;
}

export interface PlainEditorProps {
  ref?: Ref<PlainEditorHandle>;
  value: string;
  onChange?: (value: string) => void;
  /** Build-time highlighted HTML of `value` (shiki's <pre>), shown until the first edit. */
  highlightedHtml?: string;
  readOnly?: boolean;
  label: string;
  fontSize: number;
  wordWrap: boolean;
  /**
   * A script, run by the browser as it parses the page, that may replace the code (a draft). Only
   * the server's HTML runs it: the browser's render may pass "" (never `undefined`, which renders
   * no element to hydrate), so its bundle need not carry the text.
   */
  beforeHydration?: string;
}

const TAB = "  ";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** shiki's `<pre …><code>…</code></pre>` without the <pre>, plus the final newline it drops. */
function innerHtml(value: string, highlightedHtml: string | undefined): string {
  const inner = highlightedHtml?.match(/^<pre[^>]*>([\s\S]*)<\/pre>\s*$/)?.[1];
  if (inner === undefined) return escapeHtml(value);
  return value.endsWith("\n") ? `${inner}\n` : inner;
}

function lineCount(text: string): number {
  return text.split("\n").length;
}

export function PlainEditor({
  ref,
  value,
  onChange,
  highlightedHtml,
  readOnly = false,
  label,
  fontSize,
  wordWrap,
  beforeHydration,
}: PlainEditorProps) {
  const frame = useRef<HTMLDivElement>(null);
  const pre = useRef<HTMLPreElement>(null);
  // React must never rewrite the <pre>'s children: the HTML is fixed at the first render, and
  // later changes of `value` (a restored draft, Reset) are written to the DOM directly.
  const [html] = useState(() => innerHtml(value, highlightedHtml));
  const [lines, setLines] = useState(() => lineCount(value));
  const shown = useRef(value);
  const reported = useRef(new Set<string>());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    frame: () => frame.current,
    focus: () => pre.current?.focus(),
  }));

  // Keystrokes typed between the first paint and hydration are in the DOM only: report them.
  useEffect(() => {
    const root = pre.current;
    if (!root) return;
    const initial = (root as HTMLPreElement & { __shownBeforeHydration?: string })
      .__shownBeforeHydration;
    const text = readText(root);
    if (initial !== undefined) shown.current = initial;
    if (text !== shown.current) {
      shown.current = text;
      reported.current.add(text);
      onChangeRef.current?.(text);
    }
    setLines(lineCount(text));
  }, []);

  // A new value from outside (the saved draft, Reset): write it unless the DOM already shows it.
  // A value this layer reported itself is an echo, possibly stale (effects run after paint, and a
  // key may have been typed since): never written back, or that key would be lost. The value the
  // page was rendered with is not new: keys typed before hydration were typed over it, so writing
  // it at mount would drop them, and writing their echo back would put the caret at the start.
  const lastValue = useRef(value);
  useEffect(() => {
    const root = pre.current;
    if (value === lastValue.current) return;
    lastValue.current = value;
    if (!root || value === shown.current || reported.current.has(value)) return;
    if (value === readText(root)) return;
    reported.current.clear();
    shown.current = value;
    root.textContent = value;
    setLines(lineCount(value));
  }, [value]);

  const report = (text: string) => {
    reported.current.add(text);
    if (reported.current.size > 64) {
      reported.current.delete(reported.current.values().next().value!);
    }
    onChangeRef.current?.(text);
  };

  const changed = () => {
    if (!pre.current) return;
    const text = readText(pre.current);
    shown.current = text;
    setLines(lineCount(text));
    report(text);
  };

  const insert = (text: string) => {
    // execCommand keeps the browser's undo stack; it is deprecated but has no replacement for
    // contenteditable yet.
    document.execCommand("insertText", false, text);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLPreElement>) => {
    if (readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Tab" && !event.shiftKey) {
      event.preventDefault();
      insert(TAB);
    } else if (event.key === "Enter" && !event.shiftKey && pre.current) {
      // Keep the current line's indentation, as Monaco does.
      event.preventDefault();
      const selection = document.getSelection();
      const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
      const before = range
        ? readText(pre.current).slice(
            0,
            offsetIn(pre.current, range.startContainer, range.startOffset),
          )
        : "";
      const indent = /[^\n]*$/.exec(before)?.[0].match(/^\s*/)?.[0] ?? "";
      insert(`\n${indent}`);
    }
  };

  const lineHeight = Math.round(fontSize * 1.45);
  return (
    <div
      ref={frame}
      className={styles.plain}
      style={{ fontSize, lineHeight: `${lineHeight}px` }}
      data-word-wrap={wordWrap ? "on" : "off"}
    >
      <div className={styles.gutter} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <span key={index}>{index + 1}</span>
        ))}
      </div>
      <pre
        ref={pre}
        className={`shiki ${styles.code}`}
        contentEditable={readOnly ? undefined : "plaintext-only"}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-readonly={readOnly || undefined}
        aria-label={label}
        tabIndex={0}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        data-testid="editor-skeleton"
        onInput={changed}
        onKeyDown={onKeyDown}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {beforeHydration !== undefined && (
        <script dangerouslySetInnerHTML={{ __html: beforeHydration }} suppressHydrationWarning />
      )}
    </div>
  );
}
