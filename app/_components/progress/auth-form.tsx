"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { authClient, authErrorMessage } from "@/lib/auth/client";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/lib/auth/password-rules";
import { safeReturnPath } from "@/lib/auth/return-path";
import { refreshLearnerSummary } from "./learner-summary-store";
import styles from "./account.module.css";

/**
 * Sign in / sign up with email and password. Whatever was done anonymously in this browser is
 * merged into the account by the server (better-auth's anonymous plugin), so the form only has to
 * send the credentials and then go back to the page the learner came from (`?next=`, validated as a
 * same-origin path by safeReturnPath), or to the progress page.
 */
export function AuthForm({ mode }: { mode: "sign-in" | "sign-up" }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Read after mount: the form pages are static, so the query is not known on the server.
  const [next, setNext] = useState<string | null>(null);
  useEffect(() => {
    const raw = new URLSearchParams(window.location.search).get("next");
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNext(raw === null ? null : safeReturnPath(raw));
  }, []);
  const carry = next ? `?next=${encodeURIComponent(next)}` : "";

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
      setError(authErrorMessage(result.error, "That did not work. Please try again."));
      return;
    }
    void refreshLearnerSummary();
    router.push(safeReturnPath(new URLSearchParams(window.location.search).get("next")));
    router.refresh();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) =>
        void onSubmit(event).catch(() => {
          // No answer at all (offline, server down): the form is usable again and says why.
          setPending(false);
          setError("Could not reach the server. Check your connection and try again.");
        })
      }
      noValidate={false}
    >
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
          minLength={mode === "sign-up" ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={MAX_PASSWORD_LENGTH}
          aria-describedby={mode === "sign-up" ? "password-hint" : undefined}
          required
        />
      </label>
      {mode === "sign-up" ? (
        <p id="password-hint" className={styles.optional}>
          {PASSWORD_HINT}
        </p>
      ) : null}
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
            Already have an account? <Link href={`/sign-in${carry}`}>Sign in</Link>
          </>
        ) : (
          <>
            New here? <Link href={`/sign-up${carry}`}>Create an account</Link>
          </>
        )}
      </p>
    </form>
  );
}
