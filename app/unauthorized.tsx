import type { Metadata } from "next";
import Link from "next/link";
import { SignInLink } from "./_components/sign-in-link";
import styles from "./not-found.module.css";

export const metadata: Metadata = { title: "Sign in required" };

/**
 * What unauthorized() renders, with a 401: nobody is signed in (an anonymous learner counts as
 * nobody). The instructor pages are the only callers, hence the wording.
 */
export default function Unauthorized() {
  return (
    <div className={styles.notFound}>
      <p className={styles.code}>401</p>
      <h1>Sign in as an instructor</h1>
      <p>
        This page shows learners&apos; progress and lessons that are not published yet, so it needs
        an instructor account. Progress you saved without an account does not give access.
      </p>
      <p>
        <SignInLink /> · <Link href="/">Browse all courses</Link>
      </p>
    </div>
  );
}
