"use client";

import { anonymousClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The browser side of better-auth: same-origin requests to /api/auth (no baseURL, so it follows
 * whatever host served the page).
 */
export const authClient = createAuthClient({ plugins: [anonymousClient()] });

/**
 * What a failed auth call should say: better-auth's `message`, or our gate's problem `detail`
 * (a rate limit, a body refused), else `fallback`.
 */
export function authErrorMessage(
  error: { message?: string; detail?: unknown } | null | undefined,
  fallback: string,
): string {
  if (typeof error?.message === "string" && error.message) return error.message;
  if (typeof error?.detail === "string" && error.detail) return error.detail;
  return fallback;
}
