import Link from "next/link";
import { AccountMenu } from "./account-menu";
import { HeaderNav } from "./header-nav";
import { InstructorLink } from "./instructor-link";
import { ReviewLink } from "./review-link";
import { SiteSearch } from "./search/site-search";
import styles from "./site-header.module.css";

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand} data-testid="brand">
          <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" />
            <path d="M7 22 L13 13 L18 18 L25 9" />
          </svg>
          Tradeoff
        </Link>
        <HeaderNav>
          <Link href="/">Courses</Link>
          <ReviewLink />
          <Link href="/progress">My progress</Link>
          <InstructorLink />
        </HeaderNav>
        <SiteSearch />
        <AccountMenu />
      </div>
    </header>
  );
}
