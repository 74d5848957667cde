import type { RefObject } from "react";
import { parsePaneLayout } from "@/lib/workspace/pane-layout";
import { readStored, writeStored } from "../browser-storage";
import { storageKey, type SplitSpec } from "./pane-splits";

// What a separator does (pane-splitter.tsx renders it): arrow keys move it 5 %, Home and End to its
// bounds, a pointer drags it with pointer capture. Loaded when the learner first comes near it; it
// writes the DOM itself (the container's custom property, aria-valuenow, data-separator), so the
// panes are never rendered again while dragging.

const KEY_STEP = 5;

export interface SplitterBehaviour {
  detach(): void;
}

/**
 * Gives the separator its behaviour, taking over what happened before it arrived: a pointer
 * pressed on it (captured, so the drag goes on) and keys pressed while it was focused.
 */
export function attachSplitter(
  element: HTMLElement,
  split: SplitSpec,
  container: RefObject<HTMLElement | null>,
  pending: { pointer: number | null; keys: string[] },
): SplitterBehaviour {
  const horizontal = split.name === "columns";
  const property = `--ws-${split.name}`;
  const clamp = (value: number) =>
    Math.round(Math.min(split.max, Math.max(split.min, value)) * 100) / 100;
  // The share on screen: what the inline script restored before paint, or the default.
  const restored = parseFloat(container.current?.style.getPropertyValue(property) ?? "");
  let current = restored >= 0 ? restored : split.initial;

  const apply = (next: number) => {
    current = next;
    container.current?.style.setProperty(property, String(next));
    element.setAttribute("aria-valuenow", String(Math.round(next)));
  };
  const setState = (state: "idle" | "hover" | "active") =>
    element.setAttribute("data-separator", state);
  const remember = () => {
    // Without storage: remembered for this page view only.
    writeStored(
      storageKey(split),
      JSON.stringify({
        [split.ids[0]]: current,
        [split.ids[1]]: Math.round((100 - current) * 100) / 100,
      }),
    );
  };

  /** True when the key moved the separator. */
  const press = (key: string): boolean => {
    let next: number | null = null;
    if (key === (horizontal ? "ArrowLeft" : "ArrowUp")) next = current - KEY_STEP;
    else if (key === (horizontal ? "ArrowRight" : "ArrowDown")) next = current + KEY_STEP;
    else if (key === "Home") next = split.min;
    else if (key === "End") next = split.max;
    if (next === null) return false;
    apply(clamp(next));
    remember();
    return true;
  };

  const shareAt = (event: PointerEvent) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return null;
    const offset = horizontal ? event.clientX - box.left : event.clientY - box.top;
    const size = horizontal ? box.width : box.height;
    return size > 0 ? clamp((offset / size) * 100) : null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (press(event.key)) event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    element.setPointerCapture(event.pointerId);
    element.focus({ preventScroll: true });
    setState("active");
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!element.hasPointerCapture(event.pointerId)) return;
    const share = shareAt(event);
    if (share !== null) apply(share);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!element.hasPointerCapture(event.pointerId)) return;
    element.releasePointerCapture(event.pointerId);
    setState("hover");
    remember();
  };
  const active = () => element.getAttribute("data-separator") === "active";
  const onPointerEnter = () => {
    if (!active()) setState("hover");
  };
  const onPointerLeave = () => {
    if (!active()) setState("idle");
  };

  const listening = new AbortController();
  const options = { signal: listening.signal };
  element.addEventListener("keydown", onKeyDown, options);
  element.addEventListener("pointerdown", onPointerDown, options);
  element.addEventListener("pointermove", onPointerMove, options);
  element.addEventListener("pointerup", onPointerUp, options);
  element.addEventListener("pointercancel", onPointerUp, options);
  element.addEventListener("pointerenter", onPointerEnter, options);
  element.addEventListener("pointerleave", onPointerLeave, options);

  // No inline script ran (a client-side navigation): the remembered split, if any, applies now.
  if (!(restored >= 0)) {
    const share = parsePaneLayout(readStored(storageKey(split)), split.ids)?.[split.ids[0]];
    if (share !== undefined) apply(clamp(share));
  }
  for (const key of pending.keys.splice(0)) press(key);
  if (pending.pointer !== null && element.hasPointerCapture(pending.pointer)) setState("active");
  else if (element.matches(":hover")) setState("hover");
  pending.pointer = null;

  return { detach: () => listening.abort() };
}
