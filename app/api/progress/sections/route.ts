import { assertSameOrigin, route } from "@/lib/http/problem";
import { readJson } from "@/lib/http/body";
import { jsonResponse } from "@/lib/http/respond";
import { protectedRoute } from "@/lib/protection/app-protection";
import { requireLearner } from "@/lib/auth";
import { markSectionRead } from "@/lib/progress/app-progress";
import { sectionRefSchema } from "@/lib/progress/schemas";

export const dynamic = "force-dynamic";

/** POST {course, lesson, section}: the learner reached the end of a section (or marked it read). */
const markRead = route(async (request) => {
  assertSameOrigin(request);
  const ref = await readJson(request, sectionRefSchema);
  const { viewer, headers } = await requireLearner(request.headers);
  const result = await markSectionRead(viewer, ref);
  return jsonResponse({ ...ref, ...result }, { status: 200, cookies: headers });
});
export const POST = protectedRoute("write", markRead);
