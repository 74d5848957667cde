"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { authClient } from "@/lib/auth/client";
import styles from "./account.module.css";

/**
 * Sign in / sign up with email and password. Whatever was done anonymously in this browser is
 * merged into the account by the server (better-auth's anonymous plugin), so the form only has to
 * send the credentials and then load the progress page.
 */
export function AuthForm({ mode }: { mode: "sign-in" | "sign-up" }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(null);
    const result =
      mode === "sign-up"
        ? await authClient.signUp.email({
            email,
            password,
            name: String(form.get("name") ?? "").trim() || (email.split("@")[0] ?? "Learner"),
          })
        : await authClient.signIn.email({ email, password });
    setPending(false);
    if (result.error) {
      setError(result.error.message ?? "That did not work. Please try again.");
      return;
    }
    router.push("/progress");
    router.refresh();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate={false}>
      {mode === "sign-up" ? (
        <label className={styles.field}>
          Name <span className={styles.optional}>(optional)</span>
          <input name="name" autoComplete="name" maxLength={100} />
        </label>
      ) : null}
      <label className={styles.field}>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label className={styles.field}>
        Password
        <input
          name="password"
          type="password"
          autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
          minLength={mode === "sign-up" ? 8 : undefined}
          maxLength={128}
          required
        />
      </label>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={pending}>
        {mode === "sign-up" ? "Create account" : "Sign in"}
      </button>
      <p className={styles.switch}>
        {mode === "sign-up" ? (
          <>
            Already have an account? <Link href="/sign-in">Sign in</Link>
          </>
        ) : (
          <>
            New here? <Link href="/sign-up">Create an account</Link>
          </>
        )}
      </p>
    </form>
  );
}
