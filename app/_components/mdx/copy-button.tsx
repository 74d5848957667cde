"use client";

import { useEffect, useRef, useState } from "react";
import styles from "./copy-button.module.css";

type CopyState = "idle" | "copied" | "failed";

/** Copies the code of the <figure> it sits in. The result is announced through a live region. */
export function CopyButton() {
  const [state, setState] = useState<CopyState>("idle");
  const [announcing, setAnnouncing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reset.current), []);

  async function copy() {
    const code = button.current?.closest("figure")?.querySelector("pre")?.textContent ?? "";
    // The live region goes in empty, before the clipboard answers, so that its message is read out.
    setAnnouncing(true);
    try {
      await navigator.clipboard.writeText(code);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(reset.current);
    reset.current = setTimeout(() => setState("idle"), 2000);
  }

  return (
    <>
      <button ref={button} type="button" className={styles.copy} onClick={() => void copy()}>
        {state === "copied" ? (
          "Copied"
        ) : state === "failed" ? (
          "Copy failed"
        ) : (
          <>
            Copy<span className="sr-only"> code</span>
          </>
        )}
      </button>
      {/* Out of the layout, and added on the first copy: not in the HTML, not inserted while the
          page hydrates. */}
      {announcing ? (
        <span className="sr-only" role="status" aria-live="polite">
          {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Copy failed" : ""}
        </span>
      ) : null}
    </>
  );
}
