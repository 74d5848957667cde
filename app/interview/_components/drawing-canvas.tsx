"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { CANVAS_ASSET_PATH } from "@/lib/interview/canvas-assets-path";
import styles from "./interview.module.css";

// The drawing canvas, fetched only when a phase shows it: Excalidraw and its styles are a chunk of
// their own, so no other page's JavaScript grows.
const ExcalidrawCanvas = dynamic(
  () => {
    // Excalidraw builds its font faces while its module is evaluated, so our origin has to be named
    // before the import; set later, every font also lists the package's CDN as its only source.
    (window as unknown as { EXCALIDRAW_ASSET_PATH: string }).EXCALIDRAW_ASSET_PATH =
      CANVAS_ASSET_PATH;
    return import("./excalidraw-canvas");
  },
  {
    ssr: false,
    loading: () => (
      <p className={styles.hint} role="status">
        Loading the canvas…
      </p>
    ),
  },
);

export function DrawingCanvas({
  initial,
  onChange,
}: {
  initial: string | null;
  onChange?: (scene: string) => void;
}) {
  // Rendered only after the round starts (never on the server), so the media query can be read now.
  const [theme] = useState<"light" | "dark">(() =>
    window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
  );
  const frame = useRef<HTMLElement>(null);
  useEffect(() => nameUnnamedButtons(frame.current), []);
  return (
    <section className={styles.canvas} aria-label="Drawing canvas" data-testid="canvas" ref={frame}>
      <ExcalidrawCanvas initial={initial} theme={theme} {...(onChange ? { onChange } : {})} />
    </section>
  );
}

/**
 * Excalidraw 0.18's menu button is an icon with no accessible name (axe: button-name, serious).
 * Name it, and any such button it renders later, until upstream does.
 */
function nameUnnamedButtons(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const name = () => {
    for (const button of root.querySelectorAll<HTMLButtonElement>("button.main-menu-trigger")) {
      if (!button.getAttribute("aria-label")) button.setAttribute("aria-label", "Canvas menu");
    }
  };
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
