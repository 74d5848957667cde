"use client";

import { type ReactNode, useId, useRef, useState } from "react";
import styles from "./site-header.module.css";
import { useDismiss } from "./use-dismiss";

/**
 * The header's main links. On a laptop they sit in the row; on a phone they fold behind a Menu
 * button so the header stays one row: a disclosure that opens with Enter or Space, closes with
 * Escape (focus back on the button), a click outside or a navigation. Without JavaScript the links
 * stay in the header, on a row of their own. With it, the stylesheet folds them from the first
 * paint (`scripting: enabled`): folding them at hydration moved the whole page up on a phone, the
 * exercise page's layout shift of 0.176 (decisions 343, 520). Until hydration the button does
 * nothing.
 */
export function HeaderNav({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, setOpen, root, button);

  return (
    <div ref={root} className={styles.navWrap} data-open={open ? "true" : undefined}>
      <button
        ref={button}
        type="button"
        className={styles.menuToggle}
        aria-expanded={open}
        aria-controls={id}
        data-testid="menu-toggle"
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className={styles.menuIcon}>
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
        <span className="sr-only">Menu</span>
      </button>
      {/* A link followed (a client navigation) closes the menu. */}
      <nav
        id={id}
        aria-label="Main"
        className={styles.nav}
        onClick={(event) => {
          if ((event.target as Element).closest("a")) setOpen(false);
        }}
      >
        {children}
      </nav>
    </div>
  );
}
