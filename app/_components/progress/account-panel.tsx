"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { authClient, authErrorMessage } from "@/lib/auth/client";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/lib/auth/password-rules";
import styles from "./account.module.css";
import { readProblem } from "@/lib/http/read-problem";

interface Me {
  viewer: { userId: string; role: string; anonymous: boolean } | null;
  profile: { name: string; email: string | null } | null;
  counts: Record<string, number> | null;
}

/** Account settings: who I am, password, sign out, export my data, delete everything. */
export function AccountPanel() {
  const router = useRouter();
  const [me, setMe] = useState<Me | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch("/api/me")
      .then((response) => response.json() as Promise<Me>)
      .then(setMe)
      .catch(() => setError("Could not load your account."));
  }, []);

  if (!me) return <p>{error ?? "Loading…"}</p>;
  const { viewer, profile } = me;
  const hasAccount = Boolean(viewer && !viewer.anonymous);

  const changePassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await authClient.changePassword({
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword: String(form.get("newPassword") ?? ""),
      revokeOtherSessions: true,
    });
    setError(
      result.error ? authErrorMessage(result.error, "Could not change the password.") : null,
    );
    setMessage(result.error ? null : "Password changed. Other devices have been signed out.");
  };

  // A request that never got an answer (offline, server down): say so instead of nothing.
  const unreachable = () => {
    setMessage(null);
    setError("Could not reach the server. Check your connection and try again.");
  };

  const signOut = async () => {
    await authClient.signOut();
    router.push("/");
    router.refresh();
  };

  const deleteAccount = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const response = await fetch("/api/me", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ confirm: "delete my account", ...(password ? { password } : {}) }),
    });
    if (response.ok) {
      router.push("/");
      router.refresh();
      return;
    }
    setError((await readProblem(response))?.title ?? "Could not delete the account.");
  };

  return (
    <div className={styles.stack}>
      <section aria-labelledby="who">
        <h2 id="who">You</h2>
        {hasAccount ? (
          <p>
            Signed in as <strong>{profile?.email}</strong>
            {viewer?.role === "instructor" ? " (instructor)" : ""}.
          </p>
        ) : (
          <p>
            {viewer ? "You are learning anonymously in this browser." : "Nothing saved yet."}{" "}
            <Link href="/sign-up">Create an account</Link> or <Link href="/sign-in">sign in</Link>{" "}
            to keep your progress on every device; what you did here comes with you.
          </p>
        )}
        {message ? <p role="status">{message}</p> : null}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </section>

      {hasAccount ? (
        <section aria-labelledby="password">
          <h2 id="password">Change password</h2>
          <form
            className={styles.form}
            onSubmit={(event) => void changePassword(event).catch(unreachable)}
          >
            <label className={styles.field}>
              Current password
              <input
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
              />
            </label>
            <label className={styles.field}>
              New password
              <input
                name="newPassword"
                type="password"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
                aria-describedby="new-password-hint"
                required
              />
            </label>
            <p id="new-password-hint" className={styles.optional}>
              {PASSWORD_HINT}
            </p>
            <button type="submit" className={styles.primary}>
              Change password
            </button>
          </form>
        </section>
      ) : null}

      {viewer ? (
        <section aria-labelledby="data">
          <h2 id="data">Your data</h2>
          <p>
            <a href="/api/me/export" download>
              Download my data (JSON)
            </a>
          </p>
          {hasAccount ? (
            <p>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => void signOut().catch(unreachable)}
              >
                Sign out
              </button>
            </p>
          ) : null}
          <form
            className={styles.form}
            onSubmit={(event) => void deleteAccount(event).catch(unreachable)}
          >
            <h3>Delete {hasAccount ? "my account" : "my progress"}</h3>
            <p>
              This removes everything: progress, drafts, submissions and reviews. It cannot be
              undone.
            </p>
            {hasAccount ? (
              <label className={styles.field}>
                Password
                <input name="password" type="password" autoComplete="current-password" required />
              </label>
            ) : null}
            <label className={styles.checkbox}>
              <input type="checkbox" required /> I understand
            </label>
            <button type="submit" className={styles.danger}>
              Delete everything
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
