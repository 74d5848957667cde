export type Role = "learner" | "instructor";

/**
 * Who is asking, as resolved on the server from the session cookie. Store functions take a Viewer
 * and scope every query to `viewer.userId`; an id that arrives from the client is only ever looked
 * up together with it, so another learner's row is indistinguishable from a missing one.
 */
export interface Viewer {
  userId: string;
  role: Role;
  anonymous: boolean;
}

export function toRole(value: unknown): Role {
  return value === "instructor" ? "instructor" : "learner";
}

/**
 * May this viewer use the instructor pages and endpoints? The one rule both apply: nobody (or an
 * anonymous learner) must sign in first, a learner is forbidden. Pages answer with Next's
 * unauthorized()/forbidden(), routes with a 401/403 problem.
 */
export function instructorAccess(viewer: Viewer | null): "allowed" | "sign-in" | "forbidden" {
  if (!viewer || viewer.anonymous) return "sign-in";
  return viewer.role === "instructor" ? "allowed" : "forbidden";
}
