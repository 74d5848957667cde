import type { Metadata } from "next";
import { AuthForm } from "@/app/_components/progress/auth-form";
import styles from "../page.module.css";

export const metadata: Metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <div className={styles.page}>
      <h1>Sign in</h1>
      <p className={styles.lede}>
        Anything you have done in this browser without an account is added to your account.
      </p>
      <AuthForm mode="sign-in" />
    </div>
  );
}
