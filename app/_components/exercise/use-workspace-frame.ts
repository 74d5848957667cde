"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * The frame's top measured before its first paint (the script runs inside the frame, after the
 * code: see exercise-workspace.tsx): its height is right at the first paint, and the hook below only
 * follows later resizes (decision 295). Measured in the next animation frame, which runs before
 * that paint, not as the script is parsed: reading the layout then forced one mid-parse and held
 * back the paint of everything below it (the prompt, the code) on a slow phone.
 */
export const FRAME_TOP_SCRIPT =
  `(function(){try{var f=document.currentScript.closest("[data-workspace-frame]");` +
  `requestAnimationFrame(function(){` +
  `f.style.setProperty("--ws-top",Math.max(0,Math.round(f.getBoundingClientRect().top+window.scrollY))+"px")` +
  `})}catch(e){}})()`;

/**
 * A ref for the workspace frame that keeps `--ws-top` at the frame's distance from the top of the
 * document, so its CSS height fills the viewport below the page's header, whatever wraps above it.
 */
export function useFrameTop() {
  const element = useRef<HTMLDivElement | null>(null);
  const measure = useCallback(() => {
    const node = element.current;
    if (!node) return;
    const top = node.getBoundingClientRect().top + window.scrollY;
    node.style.setProperty("--ws-top", `${Math.max(0, Math.round(top))}px`);
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  return useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      measure();
    },
    [measure],
  );
}

/**
 * Ctrl/Cmd+Enter runs, Ctrl/Cmd+Shift+Enter submits, wherever focus is (Monaco included: the
 * capture phase sees the key before the editor would insert a line).
 */
export function useJudgeShortcuts(
  run: () => Promise<void> | void,
  submit: () => Promise<void> | void,
) {
  const shortcuts = useRef({ run, submit });
  useEffect(() => {
    shortcuts.current = { run, submit };
  }, [run, submit]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      event.stopPropagation();
      void (event.shiftKey ? shortcuts.current.submit() : shortcuts.current.run());
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  }, []);
}
