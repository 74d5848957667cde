"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import styles from "./search.module.css";

// The dialog, its index and MiniSearch arrive the first time search opens (or "/" is pressed): no
// cost on a page's first load, and no request per keystroke after that.
const SearchDialog = lazy(() =>
  import("./search-dialog").then((module) => ({ default: module.SearchDialog })),
);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // Monaco types through an EditContext <div>, neither an input nor contenteditable: anything
  // inside a code editor's frame (code-editor.tsx) is typing.
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.closest("[data-editor-ready]") !== null
  );
}

/**
 * Search in the header: a button (and the "/" key) opens the search dialog (search-dialog.tsx).
 */
export function SiteSearch() {
  const [request, setRequest] = useState(0);
  const open = () => setRequest((count) => count + 1);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector("dialog[open]")) return;
      // Inside the code editor "/" is a character (isTyping knows Monaco's input).
      event.preventDefault();
      openRef.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={open}
        aria-keyshortcuts="/"
        data-testid="search-open"
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={styles.icon}>
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="M13 13 L17.5 17.5" />
        </svg>
        <span className={styles.triggerLabel}>Search</span>
        <kbd className={styles.key} aria-hidden="true">
          /
        </kbd>
      </button>
      {request > 0 ? (
        <Suspense fallback={null}>
          <SearchDialog request={request} />
        </Suspense>
      ) : null}
    </>
  );
}
