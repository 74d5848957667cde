import type { Metadata } from "next";
import { AuthForm } from "@/app/_components/progress/auth-form";
import styles from "../page.module.css";

export const metadata: Metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <div className={styles.page}>
      <h1>Create an account</h1>
      <p className={styles.lede}>
        Keep your progress, drafts and submissions on every device. What you have already done here
        comes with you.
      </p>
      <AuthForm mode="sign-up" />
    </div>
  );
}
