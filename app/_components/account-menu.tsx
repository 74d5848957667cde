"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signInHref } from "@/lib/auth/return-path";
import { useLearnerSummary, useRefreshOn } from "./progress/learner-summary-store";
import styles from "./site-header.module.css";

const placeholder = () => (
  <span className={styles.accountPlaceholder} aria-hidden="true">
    Sign in
  </span>
);

// Only a signed-in learner sees the menu, and only once their summary has arrived: its code is
// loaded then, not in every page's first load.
const UserMenu = dynamic(() => import("./user-menu").then((m) => m.UserMenu), {
  ssr: false,
  loading: placeholder,
});

/**
 * Who you are, in the header: "Sign in" for nobody, "Save your progress" as well once this browser
 * has work worth keeping (an anonymous learner), and the learner's name with a menu (progress,
 * account, sign out) once signed in. Links to the forms carry `?next=` so signing in returns here.
 */
export function AccountMenu() {
  const pathname = usePathname();
  useRefreshOn(pathname);
  const { status, summary } = useLearnerSummary();

  if (status === "loading") return placeholder();
  const user = summary?.user;
  if (!user || user.anonymous) {
    // Not fetched ahead as they come into view: each page's link carries that page (`?next=`), so a
    // fetch made for it serves no other page, and most readers never follow it (3 of the 7 requests
    // a lesson section made after loading).
    return (
      <div className={styles.account} data-testid="account">
        {summary?.hasWork ? (
          <Link
            href={signInHref(pathname, "/sign-up")}
            prefetch={false}
            className={styles.saveLink}
          >
            Save<span className={styles.long}> your progress</span>
          </Link>
        ) : null}
        <Link href={signInHref(pathname)} prefetch={false}>
          Sign in
        </Link>
      </div>
    );
  }
  return <UserMenu key={pathname} name={user.name} />;
}
