"use client";

import { useEffect } from "react";

const ACTIVITY = ["pointermove", "pointerdown", "scroll", "keydown", "touchstart"] as const;

/**
 * On lesson pages: once the reader is active and the browser idle, fetches the code editor's
 * chunks into the HTTP cache (`<link rel="prefetch">`: downloaded, not run), so the exercise page
 * they open next starts Monaco without waiting for the network (decision 244). Skipped when the
 * browser asks to save data. A page nobody interacts with (a crawler, a background tab) fetches
 * nothing.
 */
export function EditorPrefetch() {
  useEffect(() => {
    const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData) return;
    let cancelled = false;
    let cancelIdle = () => {};
    const prefetch = async () => {
      const response = await fetch("/api/editor-assets").catch(() => null);
      if (!response?.ok || cancelled) return;
      const { files } = (await response.json()) as { files: string[] };
      for (const href of files) {
        if (document.head.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
        const link = document.createElement("link");
        link.rel = "prefetch";
        link.as = href.endsWith(".css") ? "style" : "script";
        link.href = href;
        document.head.append(link);
      }
    };
    const onActivity = () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity);
      if (window.requestIdleCallback) {
        const handle = window.requestIdleCallback(() => void prefetch(), { timeout: 5000 });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(() => void prefetch(), 1000);
        cancelIdle = () => window.clearTimeout(timer);
      }
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      cancelled = true;
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity);
      cancelIdle();
    };
  }, []);
  return null;
}
