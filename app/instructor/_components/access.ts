import { headers } from "next/headers";
import { forbidden, unauthorized } from "next/navigation";
import { getViewer, instructorAccess, type Viewer } from "@/lib/auth";

// The instructor pages check the role on the server, on every request, with the rule the JSON and
// CSV endpoints apply (lib/auth instructorAccess, as requireInstructor): nobody (or an anonymous
// learner) gets a real 401 and app/unauthorized.tsx, a learner a real 403 and app/forbidden.tsx
// (Next's authInterrupts, docs/decisions/062). Call it before anything streams, so the status can
// still be set.

/** The instructor viewing the page; otherwise interrupts rendering with 401 or 403. */
export async function requireInstructorPage(): Promise<Viewer> {
  const viewer = await getViewer(await headers());
  const access = instructorAccess(viewer);
  if (!viewer || access === "sign-in") unauthorized();
  if (access === "forbidden") forbidden();
  return viewer;
}
