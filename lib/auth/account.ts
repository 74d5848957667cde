import type { Db } from "@/lib/db/client";
import type { Viewer } from "./viewer";
import type { Auth } from "./auth";

/**
 * Re-checks the password of an email account before something irreversible (deleting it), with the
 * library's own hasher. An anonymous learner has no password and needs none.
 */
export async function confirmPassword(
  auth: Auth,
  db: Db,
  viewer: Viewer,
  password: string | undefined,
): Promise<boolean> {
  const account = await db.account.findFirst({
    where: { userId: viewer.userId, providerId: "credential" },
    select: { password: true },
  });
  if (!account?.password) return viewer.anonymous;
  if (!password) return false;
  const context = await auth.$context;
  return context.password.verify({ hash: account.password, password });
}

/** Set-Cookie headers that end the request's session (and the session row). */
export async function signOutHeaders(auth: Auth, requestHeaders: Headers): Promise<Headers> {
  const headers = new Headers();
  try {
    const result = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  } catch {
    // No session to end: nothing to clear.
  }
  return headers;
}
