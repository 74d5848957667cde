"use client";

import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../use-hydrated";
import styles from "./copy-button.module.css";

type CopyState = "idle" | "copied" | "failed";

/** Copies the code of the <figure> it sits in. The result is announced through a live region. */
export function CopyButton() {
  const [state, setState] = useState<CopyState>("idle");
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(reset.current), []);

  async function copy() {
    const code = button.current?.closest("figure")?.querySelector("pre")?.textContent ?? "";
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
      {/* Empty and out of the layout until a copy: added at hydration, it costs the HTML nothing. */}
      {hydrated ? (
        <span className="sr-only" role="status" aria-live="polite">
          {state === "copied" ? "Copied to clipboard" : state === "failed" ? "Copy failed" : ""}
        </span>
      ) : null}
    </>
  );
}
