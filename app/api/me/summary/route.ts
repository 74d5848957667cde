import { loadCatalog } from "@/lib/content/loader";
import { route } from "@/lib/http/problem";
import { jsonResponse } from "@/lib/http/respond";
import { systemWallClock } from "@/lib/time/wall-clock";
import { protectedRoute } from "@/lib/protection/app-protection";
import { resolveViewer } from "@/lib/auth";
import { getProfile, listCardStates, progressOverview } from "@/lib/progress/app-progress";
import { summarizeLearner } from "@/lib/progress/summary";
import { loadCatalogCards } from "@/lib/review/load-cards";
import type { LessonCard } from "@/lib/review/queue";

export const dynamic = "force-dynamic";

// The content is fixed for the life of a server (it is built into the pages): read the cards once.
let catalogCards: LessonCard[] | null = null;

/**
 * GET: the learner's progress as every static page shows it (header, lesson cards, overviews,
 * exercise lists): see lib/progress/summary.ts. Someone without a session gets the empty summary,
 * with the Review count of a first session.
 */
const readSummary = route(async (request) => {
  const { viewer, headers } = await resolveViewer(request.headers);
  const cards = (catalogCards ??= loadCatalogCards(loadCatalog()));
  const now = systemWallClock.now();
  if (!viewer) {
    return jsonResponse(summarizeLearner({ user: null, overview: null, cards, states: [], now }));
  }
  const [profile, overview, states] = await Promise.all([
    getProfile(viewer),
    progressOverview(viewer),
    listCardStates(viewer),
  ]);
  const user = profile ? { name: profile.name, anonymous: viewer.anonymous } : null;
  return jsonResponse(summarizeLearner({ user, overview, cards, states, now }), {
    cookies: headers,
  });
});
export const GET = protectedRoute("read", readSummary);
