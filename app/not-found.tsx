import type { Metadata } from "next";
import Link from "next/link";
import styles from "./not-found.module.css";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className={styles.notFound}>
      <p className={styles.code}>404</p>
      <h1>Page not found</h1>
      <p>
        There is no course, lesson or section at this address. It may have been renamed, or the link
        may have a typo.
      </p>
      <p>
        <Link href="/">Browse all courses</Link>
      </p>
    </div>
  );
}
