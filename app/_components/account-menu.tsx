"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { signInHref } from "@/lib/auth/return-path";
import {
  refreshLearnerSummary,
  useLearnerSummary,
  useRefreshOn,
} from "./progress/learner-summary-store";
import styles from "./site-header.module.css";
import { useDismiss } from "./use-dismiss";

/**
 * Who you are, in the header: "Sign in" for nobody, "Save your progress" as well once this browser
 * has work worth keeping (an anonymous learner), and the learner's name with a menu (progress,
 * account, sign out) once signed in. Links to the forms carry `?next=` so signing in returns here.
 */
export function AccountMenu() {
  const pathname = usePathname();
  useRefreshOn(pathname);
  const { status, summary } = useLearnerSummary();

  if (status === "loading") {
    return <span className={styles.accountPlaceholder} aria-hidden="true" />;
  }
  const user = summary?.user;
  if (!user || user.anonymous) {
    return (
      <div className={styles.account} data-testid="account">
        {summary?.hasWork ? (
          <Link href={signInHref(pathname, "/sign-up")} className={styles.saveLink}>
            Save<span className={styles.long}> your progress</span>
          </Link>
        ) : null}
        <Link href={signInHref(pathname)}>Sign in</Link>
      </div>
    );
  }
  return <UserMenu key={pathname} name={user.name} />;
}

function UserMenu({ name }: { name: string }) {
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
