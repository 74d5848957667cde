"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { refreshLearnerSummary } from "./progress/learner-summary-store";
import styles from "./site-header.module.css";
import { useDismiss } from "./use-dismiss";

/** The signed-in learner's menu: progress, account, sign out (account-menu.tsx). */
export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const router = useRouter();

  useDismiss(open, setOpen, root, button);

  const signOut = async () => {
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      setError("Signing out did not work. Try again.");
      return;
    }
    setOpen(false);
    await refreshLearnerSummary();
    router.refresh();
  };

  return (
    <div className={styles.account} ref={root} data-testid="account">
      <button
        ref={button}
        type="button"
        className={styles.userButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.userName}>{name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul id={menuId} className={styles.menu} hidden={!open}>
        <li>
          <Link href="/progress" onClick={() => setOpen(false)}>
            My progress
          </Link>
        </li>
        <li>
          <Link href="/account" onClick={() => setOpen(false)}>
            Account
          </Link>
        </li>
        <li>
          <button type="button" className={styles.menuButton} onClick={() => void signOut()}>
            Sign out
          </button>
        </li>
      </ul>
      {error ? (
        <p role="alert" className={styles.menuError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
