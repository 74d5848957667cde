import { HttpProblem } from "@/lib/http/problem";
import { instructorAccess, toRole, type Viewer } from "./viewer";
import type { Auth } from "./auth";

/** A viewer plus the Set-Cookie headers the response must carry (a new or refreshed session). */
export interface ViewerContext {
  viewer: Viewer;
  headers: Headers;
}

interface SessionUser {
  id: string;
  role?: unknown;
  isAnonymous?: boolean | null;
}

function toViewer(user: SessionUser): Viewer {
  return { userId: user.id, role: toRole(user.role), anonymous: Boolean(user.isAnonymous) };
}

function cookieHeaders(source: Headers | undefined): Headers {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("set-cookie", cookie);
  return headers;
}

/** The signed-in (or anonymous) viewer of a request, with any session-refresh cookies. */
export async function resolveViewer(
  auth: Auth,
  requestHeaders: Headers,
): Promise<{ viewer: Viewer | null; headers: Headers }> {
  const { headers, response } = await auth.api.getSession({
    headers: requestHeaders,
    returnHeaders: true,
  });
  return {
    viewer: response ? toViewer(response.user as SessionUser) : null,
    headers: cookieHeaders(headers),
  };
}

export async function getViewer(auth: Auth, requestHeaders: Headers): Promise<Viewer | null> {
  return (await resolveViewer(auth, requestHeaders)).viewer;
}

/**
 * The viewer, creating an anonymous learner (and its cookie, in `headers`) on the first write of
 * someone who has no session yet: progress is saved from the first click, no sign-up needed.
 */
export async function requireLearner(auth: Auth, requestHeaders: Headers): Promise<ViewerContext> {
  const resolved = await resolveViewer(auth, requestHeaders);
  if (resolved.viewer) return { viewer: resolved.viewer, headers: resolved.headers };
  const { headers, response } = await auth.api.signInAnonymous({
    headers: requestHeaders,
    returnHeaders: true,
  });
  if (!response) throw new HttpProblem(500, "Could not start an anonymous session");
  return { viewer: toViewer(response.user as SessionUser), headers: cookieHeaders(headers) };
}

/** 401 without a (non-anonymous) session, 403 for a learner. */
export async function requireInstructor(auth: Auth, requestHeaders: Headers): Promise<Viewer> {
  const viewer = await getViewer(auth, requestHeaders);
  const access = instructorAccess(viewer);
  if (!viewer || access === "sign-in") throw new HttpProblem(401, "Sign in as an instructor");
  if (access === "forbidden") throw new HttpProblem(403, "Instructors only");
  return viewer;
}

/** 401 unless the request carries a session (anonymous or not). */
export async function requireViewer(auth: Auth, requestHeaders: Headers): Promise<ViewerContext> {
  const resolved = await resolveViewer(auth, requestHeaders);
  if (!resolved.viewer) throw new HttpProblem(401, "No session", "Nothing has been saved yet.");
  return { viewer: resolved.viewer, headers: resolved.headers };
}
