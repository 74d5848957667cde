"use client";

import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from "react";
import { parsePaneLayout } from "@/lib/workspace/prefs";
import { readStored, writeStored } from "../browser-storage";

// The workspace's two splits (decision 295): CSS lays the panes out from two custom properties on
// the workspace (`--ws-columns`, the prompt's share; `--ws-rows`, the code's), with defaults in the
// stylesheet and a learner's remembered split set by an inline script as the page is parsed, so
// the first paint already has the final sizes and hydration changes nothing. The separators are
// the WAI-ARIA window splitter: focusable, arrow keys, Home and End, and dragged with a pointer.

export interface SplitSpec {
  /** The custom property on the container, and the localStorage entry's suffix. */
  name: "columns" | "rows";
  /** Pane ids as stored (`{ [first]: n, [second]: 100 - n }`), the format decision 130 wrote. */
  ids: readonly [string, string];
  /** The first pane's share by default, and its bounds, in percent. */
  initial: number;
  min: number;
  max: number;
}

export const COLUMNS: SplitSpec = {
  name: "columns",
  ids: ["ws-prompt", "ws-work"],
  initial: 40,
  min: 18,
  max: 68,
};
export const ROWS: SplitSpec = {
  name: "rows",
  ids: ["ws-code", "ws-results"],
  // The editor at least 60 % of a laptop screen's height (issue 14) below the page's header.
  initial: 82,
  min: 25,
  max: 92,
};

const KEY_STEP = 5;
const storageKey = (split: SplitSpec) => `tradeoff:workspace:layout:${split.name}`;
const clamp = (split: SplitSpec, value: number) =>
  Math.round(Math.min(split.max, Math.max(split.min, value)) * 100) / 100;

/** The remembered share of the first pane, or null (none, unreadable, or out of bounds). */
function readSplit(split: SplitSpec, raw: string | null): number | null {
  const layout = parsePaneLayout(raw, split.ids);
  const share = layout?.[split.ids[0]];
  return share === undefined ? null : clamp(split, share);
}

/**
 * Run while the page is parsed, as the first child of the element whose custom properties size
 * the panes: applies each remembered split before the first paint.
 */
export function splitRestoreScript(splits: readonly SplitSpec[]): string {
  const entries = JSON.stringify(
    splits.map((s) => [storageKey(s), `--ws-${s.name}`, s.ids[0], s.ids[1], s.min, s.max]),
  ).replace(/</g, "\\u003c");
  return (
    `(function(){try{var e=document.currentScript.parentElement;${entries}.forEach(function(s){` +
    `var v=JSON.parse(localStorage.getItem(s[0])||"null");if(!v||typeof v!=="object")return;` +
    `var a=v[s[2]],b=v[s[3]];if(typeof a!=="number"||typeof b!=="number"||Math.abs(a+b-100)>=0.5)return;` +
    `e.style.setProperty(s[1],String(Math.min(s[5],Math.max(s[4],a))))})}catch(x){}})()`
  );
}

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
 * A separator between two panes. Its value is the first pane's share in percent; changes are
 * written to the container's custom property (no React render of the panes while dragging) and
 * remembered only when the learner moved it, not when the window was resized.
 */
export function PaneSplitter({ split, container, controls, label, className }: PaneSplitterProps) {
  const [value, setValue] = useState(split.initial);
  const [state, setState] = useState<"idle" | "hover" | "active">("idle");
  const current = useRef(split.initial);
  const horizontal = split.name === "columns";

  const apply = (next: number) => {
    current.current = next;
    container.current?.style.setProperty(`--ws-${split.name}`, String(next));
    setValue(next);
  };

  const remember = () => {
    const share = current.current;
    // Without storage: remembered for this page view only.
    writeStored(
      storageKey(split),
      JSON.stringify({
        [split.ids[0]]: share,
        [split.ids[1]]: Math.round((100 - share) * 100) / 100,
      }),
    );
  };

  // What the inline script applied before paint (or the default): the separator's own value.
  useEffect(() => {
    const share = readSplit(split, readStored(storageKey(split)));
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (share !== null) apply(share);
    // Read once after mount; the split never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const less = horizontal ? "ArrowLeft" : "ArrowUp";
    const more = horizontal ? "ArrowRight" : "ArrowDown";
    let next: number | null = null;
    if (event.key === less) next = current.current - KEY_STEP;
    else if (event.key === more) next = current.current + KEY_STEP;
    else if (event.key === "Home") next = split.min;
    else if (event.key === "End") next = split.max;
    if (next === null) return;
    event.preventDefault();
    apply(clamp(split, next));
    remember();
  };

  const shareAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return null;
    const offset = horizontal ? event.clientX - box.left : event.clientY - box.top;
    const size = horizontal ? box.width : box.height;
    return size > 0 ? clamp(split, (offset / size) * 100) : null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    setState("active");
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const share = shareAt(event);
    if (share !== null) apply(share);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    setState("hover");
    remember();
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      // A left/right split has a vertical bar, and the reverse (ARIA's orientation is the bar's).
      aria-orientation={horizontal ? "vertical" : "horizontal"}
      aria-valuenow={Math.round(value)}
      aria-valuemin={split.min}
      aria-valuemax={split.max}
      className={className}
      data-separator={state}
      data-testid={`separator-${split.name}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerEnter={() => setState((s) => (s === "active" ? s : "hover"))}
      onPointerLeave={() => setState((s) => (s === "active" ? s : "idle"))}
    />
  );
}
