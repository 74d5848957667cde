import type { Metadata } from "next";
import Link from "next/link";
import styles from "./not-found.module.css";

export const metadata: Metadata = { title: "Not allowed" };

/**
 * What forbidden() renders, with a 403: signed in, but this account may not see the page. The
 * instructor pages are the only callers; a second kind of protected page would move this wording
 * into app/instructor/forbidden.tsx.
 */
export default function Forbidden() {
  return (
    <div className={styles.notFound}>
      <p className={styles.code}>403</p>
      <h1>Instructors only</h1>
      <p>
        You are signed in with a learner account, and this page is for instructors: it shows
        learners&apos; progress and lessons that are not published yet.
      </p>
      <p>
        If you teach on this site, ask an administrator to make your account an instructor (
        <code>npm run user:promote</code>), then reload this page.
      </p>
      <p>
        <Link href="/">Browse all courses</Link>
      </p>
    </div>
  );
}
