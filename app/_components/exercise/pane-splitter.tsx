"use client";

import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { readStored } from "../browser-storage";
import type { SplitterBehaviour } from "./pane-splitter-drag";
import { storageKey, type SplitSpec } from "./pane-splits";

// A separator of the workspace's splits (pane-splits.ts, decision 295), the WAI-ARIA window
// splitter. What it does (pane-splitter-drag.ts) is loaded when the learner first comes near it:
// pointer over it, a press on it, or keyboard focus; the page's first load carries only its markup.

const loadBehaviour = () => import("./pane-splitter-drag");
// The keys a separator answers: pressed before its behaviour has arrived, they wait for it.
const SPLITTER_KEY = /^(Arrow(Left|Right|Up|Down)|Home|End)$/;

export interface PaneSplitterProps {
  split: SplitSpec;
  /** The element carrying the custom properties and whose size the split divides. */
  container: RefObject<HTMLElement | null>;
  /** The id of the first pane (aria-controls). */
  controls: string;
  label: string;
  className?: string;
}

/**
 * A separator between two panes. Its value is the first pane's share in percent. React renders it
 * once and never again: its behaviour writes the value to the container's custom property and to
 * `aria-valuenow`, and its state to `data-separator` (no render of the panes while dragging), and
 * remembers the split only when the learner moved it, not when the window was resized.
 */
export function PaneSplitter({ split, container, controls, label, className }: PaneSplitterProps) {
  const element = useRef<HTMLDivElement>(null);
  const behaviour = useRef<Promise<SplitterBehaviour | null> | null>(null);
  const attached = useRef<SplitterBehaviour | null>(null);
  // What happened before the behaviour arrived: a pointer pressed (and captured) and keys pressed.
  const pending = useRef<{ pointer: number | null; keys: string[] }>({ pointer: null, keys: [] });

  const load = () => {
    behaviour.current ??= loadBehaviour().then(({ attachSplitter }) => {
      const node = element.current;
      if (!node || behaviour.current === null) return null;
      attached.current = attachSplitter(node, split, container, pending.current);
      return attached.current;
    });
  };

  // What the inline script applied before paint (or the default): the separator's own value. After
  // a client-side navigation the script did not run: a remembered split is applied by the behaviour.
  useEffect(() => {
    const share = parseFloat(container.current?.style.getPropertyValue(`--ws-${split.name}`) ?? "");
    if (share >= 0) element.current?.setAttribute("aria-valuenow", String(Math.round(share)));
    else if (readStored(storageKey(split)) !== null) load();
    return () => {
      attached.current?.detach();
      attached.current = null;
      behaviour.current = null;
    };
    // Read once after mount; the split never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (attached.current || event.button !== 0) return;
    // The drag starts now, whenever the behaviour arrives to follow it.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    pending.current.pointer = event.pointerId;
    load();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (attached.current || !SPLITTER_KEY.test(event.key)) return;
    event.preventDefault();
    pending.current.keys.push(event.key);
    load();
  };

  return (
    <div
      ref={element}
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      // A left/right split has a vertical bar, and the reverse (ARIA's orientation is the bar's).
      aria-orientation={split.name === "columns" ? "vertical" : "horizontal"}
      aria-valuenow={split.initial}
      aria-valuemin={split.min}
      aria-valuemax={split.max}
      className={className}
      data-separator="idle"
      data-testid={`separator-${split.name}`}
      onFocus={load}
      onPointerEnter={load}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
